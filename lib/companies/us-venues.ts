/**
 * The exchange prefixes of US listings in the companies table (NYSE, NASDAQ, NYSE American, Cboe
 * BZX, and the archives' unnamed U.S. exchange): the listings a market-data provider prices and
 * whose issuers file with the SEC.
 */
export const US_VENUES = ["NYSE", "NASDAQ", "NYSEAMERICAN", "CBOE", "US"] as const;

/** SQL testing that `column` names a US venue (the list is constant: no parameter needed). */
export const usVenueSql = (column: string) => `${column} IN (${US_VENUES.map((venue) => `'${venue}'`).join(", ")})`;
