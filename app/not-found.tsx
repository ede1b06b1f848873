import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-[900px] px-4 py-12">
      <h1 className="text-xl font-semibold">Not found</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        Nothing is at this address. Companies are at <code className="font-mono">/company/EXCHANGE:SYMBOL/</code> (or a symbol alone), filings at{" "}
        <code className="font-mono">/filings/&lt;document name&gt;/</code>.
      </p>
      <p className="mt-4 flex gap-4">
        <Link className="text-sky-800 underline dark:text-sky-300" href="/screener/">
          Screener
        </Link>
        <Link className="text-sky-800 underline dark:text-sky-300" href="/filings/">
          Filing search
        </Link>
      </p>
    </main>
  );
}
