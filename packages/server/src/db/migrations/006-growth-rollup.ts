/**
 * appointments_daily.with_haircut / with_styling / with_resale: DONE appointments with a haircut,
 * a styling service or a retail (RESALE) product line, so salon growth (penetration per
 * category) reads the daily rollup like the other long-range reports. Existing
 * rows are filled here; the rollup refresh keeps them current.
 */
export const growthRollupSchema = `
ALTER TABLE appointments_daily ADD COLUMN with_haircut integer NOT NULL DEFAULT 0;
ALTER TABLE appointments_daily ADD COLUMN with_styling integer NOT NULL DEFAULT 0;
ALTER TABLE appointments_daily ADD COLUMN with_resale integer NOT NULL DEFAULT 0;
UPDATE appointments_daily ad SET with_haircut = x.haircut, with_styling = x.styling, with_resale = x.resale
FROM (
  SELECT a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN') AS gender,
    count(*) FILTER (WHERE l.haircut) AS haircut,
    count(*) FILTER (WHERE l.styling) AS styling,
    count(*) FILTER (WHERE l.resale) AS resale
  FROM appointments a
  LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
  JOIN (
    SELECT salon_id, appointment_id,
      bool_or(kind = 'SERVICE' AND category = 'HAIRCUT') AS haircut,
      bool_or(kind = 'SERVICE' AND category = 'STYLING') AS styling,
      bool_or(kind = 'PRODUCT' AND category = 'RESALE') AS resale
    FROM sale_lines WHERE appointment_id IS NOT NULL
    GROUP BY salon_id, appointment_id
  ) l ON l.salon_id = a.salon_id AND l.appointment_id = a.id
  WHERE a.status = 'DONE'
  GROUP BY a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN')
) x
WHERE x.salon_id = ad.salon_id AND x.day = ad.day AND x.gender = ad.gender;
`;
