"use client";

import { createContext, useContext } from "react";

/**
 * Errors of the filter form by form path (`filters.marketCap_usd.min`): the API schema's verdict on
 * the current input, and the API's own answer to the last request sent. Every input shows the
 * errors at its path; the filter card shows the ones at its own path.
 */
export interface FormErrorMessage {
  message: string;
  /** A filter just added and not filled in yet: left out of the screen, its message is a hint. */
  pending: boolean;
}

export const FormErrorsContext = createContext<ReadonlyMap<string, FormErrorMessage>>(new Map());

export function useErrorAt(path: string): FormErrorMessage | undefined {
  return useContext(FormErrorsContext).get(path);
}

/** Whether the part of the form at `path` or anything inside it has an error. */
export function useHasErrorsWithin(path: string): boolean {
  return [...useContext(FormErrorsContext)].some(([p, e]) => !e.pending && (p === path || p.startsWith(`${path}.`)));
}

export function FieldError({ path, id }: { path: string; id?: string }) {
  const error = useErrorAt(path);
  if (!error) return null;
  if (error.pending) {
    return (
      <p id={id} data-hint-for={path} className="mt-0.5 text-xs text-zinc-500">
        Not applied yet: {error.message}
      </p>
    );
  }
  return <ErrorMessage id={id} path={path} message={error.message} />;
}

/** An error under the input at `path`: FieldError's, and the formula editor's for its drafts (kept outside the form's values). */
export function ErrorMessage({ id, path, message }: { id?: string; path: string; message: string }) {
  return (
    <p id={id} role="alert" data-error-for={path} className="mt-0.5 text-xs text-red-700 dark:text-red-400">
      <span aria-hidden>⚠ </span>
      {message}
    </p>
  );
}

/** Props that tie an input to its error message (for screen readers and the red border). */
export function useInvalidProps(path: string) {
  const error = useErrorAt(path);
  const id = `error-${path.replaceAll(".", "-")}`;
  return { invalid: error && !error.pending ? { "aria-invalid": true as const, "aria-describedby": id } : {}, errorId: id };
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
