/** The point-in-time snapshot date of all market and fundamental values (docs/METRICS.md, "The as-of date"). */
export const AS_OF_DATE = "2016-12-31";
