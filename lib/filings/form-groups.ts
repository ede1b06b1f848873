import type { FilingType } from "./filing-types";

/**
 * Form groups of the v2 search, as EDGAR full-text search groups forms: each names the product's
 * filing types it covers (filing-types.ts). Pure.
 */
export const FORM_GROUP_NAMES = ["annual", "quarterly", "current", "earnings"] as const;
export type FormGroup = (typeof FORM_GROUP_NAMES)[number];

export const FORM_GROUPS: Record<FormGroup, readonly FilingType[]> = {
  annual: ["10-K", "annual-report"],
  quarterly: ["10-Q"],
  current: ["8-K"],
  earnings: ["earnings-release"],
};

/** The filing types of the groups, each once, in group order. */
export const filingTypesOf = (groups: readonly FormGroup[]): FilingType[] => [...new Set(groups.flatMap((group) => FORM_GROUPS[group]))];
