/**
 * The one definition of booked service hours and rebooking (db/staff-hours.ts):
 * - staff_booked_daily: per salon, salon-local day and person (0 = appointments with no staff,
 *   each on its own) the union of the DONE and BOOKED appointments' intervals, so a person's
 *   overlapping appointments count once. Utilisation everywhere reads it.
 * - appointments_daily.rebooked recomputed: a DONE appointment with a client counts when the
 *   client's next appointment (not cancelled) was booked no later than 7 days after it ended
 *   (was: another appointment 1..60 days later).
 * The rollup refresh (db/rollups.ts) keeps both current.
 */
export const utilisationRebookingSchema = `
CREATE TABLE staff_booked_daily (
  salon_id integer NOT NULL,
  day date NOT NULL,
  staff_id integer NOT NULL,
  booked_seconds bigint NOT NULL,
  PRIMARY KEY (salon_id, day, staff_id)
);
INSERT INTO staff_booked_daily (salon_id, day, staff_id, booked_seconds)
SELECT m.salon_id, m.day, m.staff_id, sum(extract(epoch FROM upper(m.r) - lower(m.r)))::bigint
FROM (
  SELECT a.salon_id, a.day, COALESCE(a.staff_id, 0) AS staff_id, unnest(range_agg(tstzrange(a.start_at, a.end_at))) AS r
  FROM appointments a
  WHERE a.status IN ('DONE', 'BOOKED') AND a.end_at > a.start_at
  GROUP BY a.salon_id, a.day, COALESCE(a.staff_id, 0), CASE WHEN a.staff_id IS NULL THEN a.id END
) m
GROUP BY m.salon_id, m.day, m.staff_id
ORDER BY 1, 2, 3;

UPDATE appointments_daily ad SET rebooked = x.rebooked
FROM (
  SELECT a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN') AS gender,
    count(*) FILTER (WHERE a.client_id IS NOT NULL AND COALESCE((
      SELECT nx.booked_at <= a.end_at + interval '7 days'
      FROM appointments nx
      WHERE nx.salon_id = a.salon_id AND nx.client_id = a.client_id AND nx.status <> 'CANCELLED'
        AND nx.day >= a.day AND (nx.start_at, nx.id) > (a.start_at, a.id)
      ORDER BY nx.day, nx.start_at, nx.id LIMIT 1), false)) AS rebooked
  FROM appointments a
  LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
  WHERE a.status = 'DONE'
  GROUP BY a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN')
) x
WHERE x.salon_id = ad.salon_id AND x.day = ad.day AND x.gender = ad.gender AND ad.rebooked IS DISTINCT FROM x.rebooked;
`;
