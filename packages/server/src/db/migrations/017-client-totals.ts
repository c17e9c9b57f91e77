/**
 * client_totals: per salon and client, the totals of all their client_days (last visit
 * day, visits, spend), kept by refreshSalesRollup for the clients a refresh touches. The customer
 * status list reads a client's status and totals on any day D from it minus their client_days
 * after D (few when D is recent), instead of every client day up to D. Filled here in key order.
 */
export const clientTotalsSchema = `
CREATE TABLE client_totals (
  salon_id integer NOT NULL,
  client_id bigint NOT NULL,
  last_day date NOT NULL,
  visits bigint NOT NULL,
  revenue_cents bigint NOT NULL,
  PRIMARY KEY (salon_id, client_id)
);
INSERT INTO client_totals (salon_id, client_id, last_day, visits, revenue_cents)
SELECT salon_id, client_id, max(day), sum(appointments), sum(revenue_cents)
FROM client_days GROUP BY salon_id, client_id ORDER BY salon_id, client_id;
ANALYZE client_totals;
`;
