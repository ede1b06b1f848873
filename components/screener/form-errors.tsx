"use client";

import { createContext, useContext } from "react";

/**
 * Errors of the filter form by form path (`filters.marketCap_usd.min`): the API schema's verdict on
 * the current input, and the API's own answer to the last request sent. Every input shows the
 * errors at its path; the filter card shows the ones at its own path.
 */
export const FormErrorsContext = createContext<ReadonlyMap<string, string>>(new Map());

export function useErrorAt(path: string): string | undefined {
  return useContext(FormErrorsContext).get(path);
}

/** Whether the part of the form at `path` or anything inside it has an error. */
export function useHasErrorsWithin(path: string): boolean {
  return [...useContext(FormErrorsContext).keys()].some((p) => p === path || p.startsWith(`${path}.`));
}

export function FieldError({ path, id }: { path: string; id?: string }) {
  const message = useErrorAt(path);
  if (!message) return null;
  return (
    <p id={id} role="alert" data-error-for={path} className="mt-0.5 text-xs text-red-700 dark:text-red-400">
      <span aria-hidden>⚠ </span>
      {message}
    </p>
  );
}

/** Props that tie an input to its error message (for screen readers and the red border). */
export function useInvalidProps(path: string) {
  const message = useErrorAt(path);
  const id = `error-${path.replaceAll(".", "-")}`;
  return { invalid: message ? { "aria-invalid": true as const, "aria-describedby": id } : {}, errorId: id };
}

/**
 * The nearest path that has an input: an error whose path names something the form does not hold
 * (an unknown member in a pasted link) is shown on the closest enclosing part that exists.
 */
export function placeErrorPath(path: string, values: unknown): string {
  const segments = path.split(".");
  while (segments.length > 2) {
    let node: unknown = values;
    for (const s of segments) node = node && typeof node === "object" ? (node as Record<string, unknown>)[s] : undefined;
    if (node !== undefined) break;
    segments.pop();
  }
  return segments.join(".");
}
