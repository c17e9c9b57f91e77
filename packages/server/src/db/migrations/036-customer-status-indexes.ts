/**
 * The customer status list without reading every client's totals row:
 * - client_totals (salon_id, last_day) carrying the totals: the clients whose last visit is on or
 *   before a range end, counted per status and paged by last visit or total spend, index-only;
 * - client_days (salon_id, day) carrying client_id and prev_day: the clients who came back after a
 *   range end and their last visit up to it (prev_day of their first day after it), index-only.
 * Both tables are listed for VACUUM (ANALYZE) after the commit: the reads are index-only only where the
 * visibility map is set.
 */
export const customerStatusIndexesSchema = `
CREATE INDEX client_totals_last_day_idx ON client_totals (salon_id, last_day) INCLUDE (client_id, visits, revenue_cents);
CREATE INDEX client_days_day_prev_idx ON client_days (salon_id, day) INCLUDE (client_id, prev_day);
`;
