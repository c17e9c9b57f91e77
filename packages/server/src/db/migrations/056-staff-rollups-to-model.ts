/**
 * The staff rollups move to the model (db/rollups/staff.ts): staff_booked_daily and booked_hourly (kept by
 * refreshSalesRollup, no triggers) and staff_feedback_months, whose feedback triggers and fill function go; the
 * generated stale triggers replace them. The clients trigger function that also refilled staff_feedback_months on
 * a gender change keeps only its staff_new_client_months part.
 */
export const staffRollupsToModelSchema = `
DROP TRIGGER staff_feedback_months_insert ON feedback;
DROP TRIGGER staff_feedback_months_update ON feedback;
DROP TRIGGER staff_feedback_months_delete ON feedback;
DROP FUNCTION staff_feedback_months_feedback();
CREATE OR REPLACE FUNCTION staff_new_client_months_clients() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM staff_new_client_months_of_clients(ARRAY(
      SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.first_visit IS DISTINCT FROM o.first_visit OR n.salon_id <> o.salon_id));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM staff_new_client_months_of_clients(ARRAY(SELECT n.id FROM new_rows n));
  ELSE
    PERFORM staff_new_client_months_of_clients(ARRAY(SELECT o.id FROM old_rows o));
  END IF;
  RETURN NULL;
END $f$;
DROP FUNCTION staff_feedback_months_fill(integer, date[]);
`;
