/** The header of the bundled pystock price file (data/SOURCES.md describes the columns). */
export const PYSTOCK_PRICE_HEADER = "symbol,date,close,adj_close,volume,prev_close,prev_adj_close,read_on";
