/**
 * client_days.prev_day: the client's previous purchase day in the salon, kept by the rollup
 * refresh, so the salon recap's returning-client counts (balance / lost) read one column
 * instead of probing every client's history.
 */
export const clientDaysPrevDaySchema = `
ALTER TABLE client_days ADD COLUMN prev_day date;
UPDATE client_days cd SET prev_day = p.prev
FROM (
  SELECT salon_id, client_id, day, lag(day) OVER (PARTITION BY salon_id, client_id ORDER BY day) AS prev FROM client_days
) p
WHERE p.salon_id = cd.salon_id AND p.client_id = cd.client_id AND p.day = cd.day AND p.prev IS NOT NULL;
`;
