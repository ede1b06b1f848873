/** The column beside each formula's in the rows that says why its value is null (`fcf_yield_reason`). Pure: the results table reads it. */
export const REASON_SUFFIX = "_reason";
