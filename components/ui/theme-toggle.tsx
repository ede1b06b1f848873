"use client";

/** Switches between the light and dark themes and remembers the choice (read before paint by the layout). */
export function ThemeToggle() {
  const toggle = () => {
    const dark = document.documentElement.classList.toggle("dark");
    try {
      localStorage.setItem("theme", dark ? "dark" : "light");
    } catch {
      // Private browsing without storage: the theme still switches for this page.
    }
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label="Switch between light and dark theme"
      title="Light / dark theme"
      className="ml-auto rounded px-2 py-1 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-950 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
    >
      {/* The word goes on phones, where the header has no room for it; the title still says it. */}
      <span className="dark:hidden">
        ◐<span className="max-sm:sr-only"> Dark</span>
      </span>
      <span className="hidden dark:inline">
        ◑<span className="max-sm:sr-only"> Light</span>
      </span>
    </button>
  );
}
