import { type ComponentProps, forwardRef } from "react";

/** The app's small form controls: dense, one look in light and dark themes. */

const FIELD =
  "h-7 rounded border border-zinc-300 bg-white px-2 text-[13px] text-zinc-900 outline-none focus-visible:border-sky-600 focus-visible:ring-2 focus-visible:ring-sky-600/30 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:aria-invalid:border-red-500";

export const TextInput = forwardRef<HTMLInputElement, ComponentProps<"input">>(function TextInput({ className = "", ...props }, ref) {
  return <input ref={ref} type="text" className={`${FIELD} ${className}`} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, ComponentProps<"select">>(function Select({ className = "", ...props }, ref) {
  return <select ref={ref} className={`${FIELD} pr-6 ${className}`} {...props} />;
});

const VARIANTS = {
  default:
    "border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800",
  primary: "border border-zinc-900 bg-zinc-900 text-white hover:bg-zinc-700 dark:border-zinc-100 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-white",
  ghost: "border border-transparent text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
} as const;

export const Button = forwardRef<HTMLButtonElement, ComponentProps<"button"> & { variant?: keyof typeof VARIANTS }>(function Button(
  { className = "", variant = "default", type = "button", ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={`inline-flex h-7 items-center gap-1 rounded px-2 text-[13px] font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-sky-600/40 disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
});
