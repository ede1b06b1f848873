import { plainIssueMessage } from "./form-messages";
import { AdvancedScreenRequest } from "./request-schema";
import { type FormError, type FormOptions, formToPayload, pointerToPath, type ScreenForm } from "./screen-form";

/*
 * Kept apart from screen-form.ts because it pulls in zod and the request schemas: the screener page
 * loads it after the first render, so the results show without waiting for it.
 */

type Payload = Record<string, unknown>;

/**
 * Converts the whole form and checks it with the API's own request schema. `filters` is the
 * payload to send, or null while any error remains (nothing invalid is ever sent).
 */
export function validateScreenForm(form: ScreenForm, options: FormOptions): { filters: Payload | null; errors: FormError[] } {
  const errors: FormError[] = [];
  const filters: Payload = {};
  for (const [name, value] of Object.entries(form.filters ?? {})) {
    const def = options.filters[name];
    if (!def) {
      errors.push({ path: `filters.${name}`, message: `Unknown filter "${name}"` });
      continue;
    }
    const converted = formToPayload(def, value, options, `filters.${name}`);
    filters[name] = converted.payload;
    errors.push(...converted.errors);
  }
  const parsed = AdvancedScreenRequest.shape.filters.safeParse(filters);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = pointerToPath("/filters" + issue.path.map((s) => `/${String(s)}`).join(""));
      // An unreadable number already has its own message; zod would only add "expected number".
      if (!errors.some((e) => e.path === path)) errors.push({ path, message: plainIssueMessage(issue) });
    }
  }
  return { filters: errors.length === 0 ? filters : null, errors };
}
