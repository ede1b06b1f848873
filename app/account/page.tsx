import type { Metadata } from "next";
import { AccountApp } from "@/components/account/account-app";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Account and API keys" };

/** /account/: sign up or sign in, then the account's API keys (create, reveal once, revoke, rotate, usage). */
export default function AccountPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-lg font-semibold">Account and API keys</h1>
      <AccountApp />
    </main>
  );
}
