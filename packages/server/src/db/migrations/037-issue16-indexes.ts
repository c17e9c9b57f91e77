/**
 * Two covering indexes for the report reads.
 *
 * Feedback per client reads the names of the clients it found from one index range of
 * the salon: clients (salon_id, id) carrying first and last name, merge-joined with the feedback
 * grouped by client, instead of one primary-key lookup and heap fetch per client (a year of salon
 * 1 on the bench copy: 1,892 clients, 7,601 buffers read, now 117). The table is listed for VACUUM
 * (ANALYZE) after the commit: the read is index-only only where the visibility map is set (bench
 * copy, 262,494 clients: the index ~0.2 s, the vacuum ~0.4 s).
 *
 * Campaign figures (campaigns.query.ts) sum each listed item's days of a salon per staff member
 * from item_staff_daily by (salon_id, kind, item_id, day) carrying staff, quantity and revenue,
 * index-only: a month of campaign 12 on the bench copy reads 4,608 rollup rows instead of
 * 12,940 sale lines (1.3 M rollup rows: the index ~4.2 s, the vacuum ~0.3 s, under load 5).
 */
export const issue16IndexesSchema = `
CREATE INDEX clients_names_idx ON clients (salon_id, id) INCLUDE (first_name, last_name);
CREATE INDEX item_staff_daily_item_idx ON item_staff_daily (salon_id, kind, item_id, day) INCLUDE (staff_id, quantity, revenue_cents);
`;
