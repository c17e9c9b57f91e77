/**
 * appointments_daily.with_client / rebooked: DONE appointments with a client, and those whose
 * client has another (not cancelled) appointment 1..60 days later, so the check-up's rebooking
 * rate reads the rollup. Existing rows are filled here; the rollup refresh keeps them current.
 */
export const rebookingRollupSchema = `
ALTER TABLE appointments_daily ADD COLUMN with_client integer NOT NULL DEFAULT 0;
ALTER TABLE appointments_daily ADD COLUMN rebooked integer NOT NULL DEFAULT 0;
UPDATE appointments_daily ad SET with_client = x.with_client, rebooked = x.rebooked
FROM (
  SELECT a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN') AS gender,
    count(*) FILTER (WHERE a.client_id IS NOT NULL) AS with_client,
    count(*) FILTER (WHERE a.client_id IS NOT NULL AND EXISTS (
      SELECT 1 FROM appointments b
      WHERE b.salon_id = a.salon_id AND b.client_id = a.client_id AND b.status <> 'CANCELLED'
        AND b.day > a.day AND b.day <= a.day + 60)) AS rebooked
  FROM appointments a
  LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
  WHERE a.status = 'DONE'
  GROUP BY a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN')
) x
WHERE x.salon_id = ad.salon_id AND x.day = ad.day AND x.gender = ad.gender;
`;
