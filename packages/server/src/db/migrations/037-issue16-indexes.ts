/**
 * Two covering indexes for the report reads.
 *
 * Feedback per client reads the names of the clients it found from one index range of
 * the salon: clients (salon_id, id) carrying first and last name, merge-joined with the feedback
 * grouped by client, instead of one primary-key lookup and heap fetch per client. The table is
 * listed for VACUUM (ANALYZE) after the commit: the read is index-only only where the visibility
 * map is set.
 *
 * Campaign figures (campaigns.query.ts) sum each listed item's days of a salon per staff member
 * from item_staff_daily by (salon_id, kind, item_id, day) carrying staff, quantity and revenue,
 * index-only: a month of a campaign reads a third as many rollup rows as it read sale lines.
 */
export const issue16IndexesSchema = `
CREATE INDEX clients_names_idx ON clients (salon_id, id) INCLUDE (first_name, last_name);
CREATE INDEX item_staff_daily_item_idx ON item_staff_daily (salon_id, kind, item_id, day) INCLUDE (staff_id, quantity, revenue_cents);
`;
