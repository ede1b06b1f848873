/** The point-in-time snapshot date of all market and fundamental values (METRICS.md, `D`). */
export const AS_OF_DATE = "2016-12-31";
