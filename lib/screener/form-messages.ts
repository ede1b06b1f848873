import type { z } from "zod";
import { plural } from "./value-format";

/*
 * The request schema speaks to API clients ("Too small: expected array to have >=1 items", "give
 * min and/or max", "(max_rules)"); the filter form says the same in the words of the form.
 */

const BOUND_WORDS: Record<string, string> = { min: "a minimum", max: "a maximum" };

/** Our own schema messages, reworded: the API names of settings left out. */
function ownMessage(message: string): string {
  const bounds = /^give ((?:min|max)(?: and\/or (?:min|max))?)$/.exec(message);
  if (bounds) return `Give ${bounds[1]!.split(" and/or ").map((b) => BOUND_WORDS[b]).join(", ")}${bounds[1]!.includes(" and/or ") ? " or both" : ""}.`;
  if (message === "min must not exceed max") return "The minimum must not be above the maximum.";
  const reach = /^anchor\.offset \+ years must be at most (\d+)$/.exec(message);
  if (reach) return `The average reaches back too far: the data has at most ${plural(Number(reach[1]), "fiscal year")}.`;
  // "(max_terms)" and the like name the setting for API clients.
  const text = message.replace(/ \([a-z_]+\)$/, "");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;
}

/** What a schema issue about the filter form's input means, in plain words. */
export function plainIssueMessage(issue: z.core.$ZodIssue): string {
  const item = issue.path.at(-1) === "rules" ? "rule" : "value";
  switch (issue.code) {
    case "too_small":
      if (issue.origin === "array") return `${item === "rule" ? "Add" : "Choose"} at least ${issue.minimum === 1 ? `one ${item}` : plural(issue.minimum, item)}.`;
      if (issue.origin === "string") return "Type at least one search term.";
      return `Must be at least ${issue.minimum}.`;
    case "too_big":
      if (issue.origin === "array") return `At most ${plural(issue.maximum, item)}.`;
      if (issue.origin === "string") return `At most ${plural(issue.maximum, "character")}.`;
      return `Must be at most ${issue.maximum}.`;
    case "invalid_type":
      return issue.expected === "number" ? "Enter a number." : "Fill this in.";
    case "invalid_value":
      return `Choose one of: ${issue.values.map(String).join(", ")}.`;
    case "unrecognized_keys":
      return `Not a setting of this filter: ${issue.keys.join(", ")}.`;
    default:
      return ownMessage(issue.message);
  }
}

/** Where an API error points, as the page names it. */
const PARAMETER_NAMES: Record<string, string> = { sort: "Sort", page: "Rows per page and page", fields: "Columns", filters: "Filters" };

/**
 * An API error the page shows (the API's own answer, written for API clients) in plain words: the
 * schema's default wording and the options record's names replaced, with the parameter it concerns
 * named as the page names it when it is not a filter's input.
 */
export function plainApiMessage(error: { pointer: string; message: string }): string {
  const bound = /^Too (big|small): expected (?:number|int) to be [<>]=(-?[\d.]+)$/.exec(error.message);
  const notOffered = /^(".*") is not in option_values\.\w+/.exec(error.message);
  const message = bound
    ? `Must be at ${bound[1] === "big" ? "most" : "least"} ${bound[2]}.`
    : notOffered
      ? `${notOffered[1]} is not one of this filter's values in the data.`
      : // "see GET /api/v1/screener/options/ (sort.fields)" points API clients to the options record.
        ownMessage(error.message.replace(/;? \(?see GET \S+( \([a-z_.]+\))?\)?/g, ""));
  const parameter = PARAMETER_NAMES[error.pointer.split("/")[1] ?? ""];
  return parameter && !error.pointer.startsWith("/filters/") ? `${parameter}: ${message}` : message;
}
