/** A value on a stale fiscal year: muted, after a "stale" badge (a word, not colour alone; the caller's title says which year). */
export function StaleValue({ text }: { text: string }) {
  return (
    <>
      <span className="mr-1 rounded-sm border border-amber-400 px-0.5 align-[1px] font-sans text-[10px] leading-none text-amber-800 dark:border-amber-700 dark:text-amber-300">
        stale
      </span>
      <span className="text-zinc-500 dark:text-zinc-400">{text}</span>
    </>
  );
}
