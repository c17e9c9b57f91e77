/**
 * visit_hours: the DONE appointments per salon, appointment day and salon-local hour of
 * their start (the hour truncated, as a local timestamp), for the customer heat-map (weekday x hour)
 * without converting a year of appointments per call. Kept by refreshSalesRollup (db/rollups.ts).
 */
export const visitHoursSchema = `
CREATE TABLE visit_hours (
  salon_id integer NOT NULL,
  day date NOT NULL,
  hour timestamp NOT NULL,
  visits bigint NOT NULL,
  PRIMARY KEY (salon_id, day, hour)
);
INSERT INTO visit_hours (salon_id, day, hour, visits)
SELECT a.salon_id, a.day, date_trunc('hour', a.start_at AT TIME ZONE z.time_zone), count(*)
FROM appointments a JOIN salons z ON z.id = a.salon_id
WHERE a.status = 'DONE'
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3;
ANALYZE visit_hours;
`;
