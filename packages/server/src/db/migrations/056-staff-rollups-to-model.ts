/**
 * The staff rollups move to the model (db/rollups/staff.ts): staff_booked_daily, booked_hourly, staff_daily,
 * staff_monthly, staff_client_days and staff_client_months (kept by refreshSalesRollup, no triggers),
 * staff_feedback_months and staff_new_client_months, whose triggers on feedback and clients and their functions
 * go; the generated stale triggers replace them.
 */
export const staffRollupsToModelSchema = `
DROP TRIGGER staff_feedback_months_insert ON feedback;
DROP TRIGGER staff_feedback_months_update ON feedback;
DROP TRIGGER staff_feedback_months_delete ON feedback;
DROP FUNCTION staff_feedback_months_feedback();
DROP TRIGGER staff_new_client_months_insert ON clients;
DROP TRIGGER staff_new_client_months_update ON clients;
DROP TRIGGER staff_new_client_months_delete ON clients;
DROP FUNCTION staff_new_client_months_clients();
DROP FUNCTION staff_new_client_months_of_clients(bigint[]);
DROP FUNCTION staff_new_client_months_fill(integer, date[]);
DROP FUNCTION staff_feedback_months_fill(integer, date[]);
CREATE OR REPLACE FUNCTION staff_day_details_clients() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM staff_day_details_fill(x.salon_id, x.days) FROM (
    SELECT y.salon_id, array_agg(DISTINCT y.day) AS days FROM (
      SELECT n.salon_id, n.first_visit AS day FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.first_visit IS DISTINCT FROM o.first_visit OR n.salon_id <> o.salon_id
      UNION ALL
      SELECT o.salon_id, o.first_visit FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.first_visit IS DISTINCT FROM o.first_visit OR n.salon_id <> o.salon_id
      UNION ALL
      SELECT f.salon_id, f.day FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN feedback f ON f.salon_id IN (o.salon_id, n.salon_id) AND f.client_id = o.id
      WHERE n.gender IS DISTINCT FROM o.gender OR n.salon_id <> o.salon_id
      UNION ALL
      SELECT sl.salon_id, sl.day FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN sale_lines sl ON sl.salon_id IN (o.salon_id, n.salon_id) AND sl.client_id = o.id AND sl.staff_id IS NOT NULL
      WHERE n.gender IS DISTINCT FROM o.gender OR n.salon_id <> o.salon_id
    ) y
    WHERE y.day IS NOT NULL
    GROUP BY 1 ORDER BY 1
  ) x;
  RETURN NULL;
END $f$;
`;
