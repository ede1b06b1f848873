import { CopyButton } from "@/components/ui/copy-button";

export function CodeBlock({ code, title }: { code: string; title?: string }) {
  return (
    <div className="mt-2 rounded border border-zinc-200 dark:border-zinc-800">
      <div className="flex items-center justify-between border-b border-zinc-200 px-2 py-1 text-xs text-zinc-500 dark:border-zinc-800">
        <span>{title ?? ""}</span>
        <CopyButton text={code} />
      </div>
      <pre className="max-h-96 overflow-auto p-2 font-mono text-xs leading-relaxed">{code}</pre>
    </div>
  );
}
