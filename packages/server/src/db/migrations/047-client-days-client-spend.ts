/**
 * client_days_client_idx (salon_id, client_id, day) carries appointments and revenue_cents:
 * the customer status page sums a page's clients' visits and spend over the range, and a returning
 * client's days after the range end, from the index alone instead of one heap fetch per client day,
 * a third of the page's reads. The index is rebuilt in place under the same name.
 */
export const clientDaysClientSpendSchema = `
DROP INDEX client_days_client_idx;
CREATE INDEX client_days_client_idx ON client_days (salon_id, client_id, day) INCLUDE (appointments, revenue_cents);
`;
