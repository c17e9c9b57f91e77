/**
 * booked_hourly: the booked service seconds of db/staff-hours.ts (a person's DONE and BOOKED
 * appointments of a day merged, no staff each on its own) split over the salon-local hours they
 * cover, per salon, appointment day and local hour: the capacity grid (weekday x hour) reads it
 * instead of merging a year of appointments per call. Kept by refreshSalesRollup.
 */
export const bookedHourlySchema = `
CREATE TABLE booked_hourly (
  salon_id integer NOT NULL,
  day date NOT NULL,
  hour timestamp NOT NULL,
  seconds bigint NOT NULL,
  PRIMARY KEY (salon_id, day, hour)
);
INSERT INTO booked_hourly (salon_id, day, hour, seconds)
SELECT m.salon_id, m.day, h, sum(extract(epoch FROM least(m.e, h + interval '1 hour') - greatest(m.s, h)))::bigint
FROM (
  SELECT mi.salon_id, mi.day, lower(mi.r) AT TIME ZONE z.time_zone AS s, upper(mi.r) AT TIME ZONE z.time_zone AS e
  FROM (
    SELECT a.salon_id, a.day, unnest(range_agg(tstzrange(a.start_at, a.end_at))) AS r
    FROM appointments a
    WHERE a.status IN ('DONE', 'BOOKED') AND a.end_at > a.start_at
    GROUP BY a.salon_id, a.day, COALESCE(a.staff_id, 0), CASE WHEN a.staff_id IS NULL THEN a.id END
  ) mi
  JOIN salons z ON z.id = mi.salon_id
) m
CROSS JOIN LATERAL generate_series(date_trunc('hour', m.s), m.e - interval '1 microsecond', interval '1 hour') h
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3;
`;
