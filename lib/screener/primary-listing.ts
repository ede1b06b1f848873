/**
 * A company with several listed share classes is one row in screens and counts: its primary
 * listing (docs/METRICS.md "Share classes"); every class shares the issuer's fiscal years.
 */

/** SQL over `companies c`: the row is its issuer's primary listing. */
export const PRIMARY_LISTING = "c.id = c.issuer_id";

/** SQL: the ids of the primary listings (for tables keyed by company_id). */
export const PRIMARY_LISTING_IDS = "SELECT id FROM companies WHERE id = issuer_id";
