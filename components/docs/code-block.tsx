import { CopyButton } from "@/components/ui/copy-button";

export function CodeBlock({ code, title }: { code: string; title?: string }) {
  return (
    <div className="mt-2 rounded border border-zinc-200 dark:border-zinc-800">
      <div className="flex items-center justify-between border-b border-zinc-200 px-2 py-1 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <span>{title ?? ""}</span>
        <CopyButton text={code} />
      </div>
      {/* Focusable, so a keyboard can scroll a long block. */}
      <pre tabIndex={0} aria-label={title ? `${title} (code)` : "Code"} className="max-h-96 overflow-auto p-2 font-mono text-xs leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-sky-600/60">
        {code}
      </pre>
    </div>
  );
}
