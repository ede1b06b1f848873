import "@fontsource-variable/inter";
import "@fontsource-variable/jetbrains-mono";
import "./globals.css";
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { UiTokenMeta } from "@/components/ui-token-meta";
import { NONCE_HEADER } from "@/lib/http/content-security-policy";

export const metadata: Metadata = {
  title: { default: "Filing Screener", template: "%s · Filing Screener" },
  description: "Screen listed companies and search their filings, in the browser or through the JSON API.",
  icons: { icon: "/favicon.svg" },
};

// Applies the saved or system theme before paint, so the page never flashes the wrong one.
const themeScript = `try{const t=localStorage.getItem("theme");if(t==="dark"||(!t&&matchMedia("(prefers-color-scheme: dark)").matches))document.documentElement.classList.add("dark")}catch{}`;

const NAV = [
  { href: "/screener/", label: "Screener" },
  { href: "/filings/", label: "Filings" },
  { href: "/docs/", label: "API" },
  { href: "/account/", label: "Account" },
];

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The request's nonce (proxy.ts) rather than a hash in the policy: pages render per request
  // anyway, since Next stamps its own scripts with the nonce (reading it here also makes the 404
  // page render per request instead of at build time, without one); and the script can change
  // without a hash to keep in step.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
        <UiTokenMeta />
      </head>
      <body className="min-h-screen bg-white font-sans text-sm text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
          <nav className="mx-auto flex h-11 max-w-[1600px] items-center gap-3 px-3 whitespace-nowrap sm:gap-6 sm:px-4" aria-label="Main">
            <Link href="/" className="font-semibold tracking-tight">
              Filing Screener
            </Link>
            {NAV.map((item) => (
              <Link key={item.href} href={item.href} className="text-zinc-600 hover:text-zinc-950 dark:text-zinc-400 dark:hover:text-white">
                {item.label}
              </Link>
            ))}
            <ThemeToggle />
          </nav>
        </header>
        {children}
      </body>
    </html>
  );
}
