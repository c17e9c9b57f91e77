/**
 * Writers of one salon take turns in its rollup refills.
 *
 * Several statement triggers refill a rollup's keys by deleting them and inserting them again from the
 * sources (staff_day_details, staff_feedback_months, staff_new_client_months, client_visit_months,
 * recap_client_daily, recap_daily, shift_hourly, stock_monthly...). Two transactions doing that for the same
 * salon and day at once, say two people clocking in, collided: the second one's insert met the first one's
 * uncommitted row and failed on the primary key once the first committed ("duplicate key value violates
 * unique constraint"), or summed sources read before the first one committed.
 *
 * Now the first AFTER statement trigger of each table whose writes refill rollups (trigger names starting
 * with "a_" fire before the others of the same event) takes the salon rollup lock of refreshSalesRollup
 * (pg_advisory_xact_lock(7310100, salon), which place_months' refill already takes) for every salon of the
 * rows written, in salon order. A second writer of the salon waits there, before any of its refills starts,
 * until the first commits; its refills then read the first one's rows. Writers of different salons do not
 * wait for each other. The lock is held to the end of the transaction, as refreshSalesRollup holds it.
 */
const tables = [
  'attendances',
  'clients',
  'feedback',
  'recap_client_daily',
  'staff_hours_daily',
  'stock_movements',
  'user_timeframes',
] as const;

const triggers = tables
  .map(
    (table) => `
CREATE TRIGGER a_salon_rollup_lock_insert AFTER INSERT ON ${table}
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION salon_rollup_lock('salon_id');
CREATE TRIGGER a_salon_rollup_lock_update AFTER UPDATE ON ${table}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION salon_rollup_lock('salon_id');
CREATE TRIGGER a_salon_rollup_lock_delete AFTER DELETE ON ${table}
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION salon_rollup_lock('salon_id');`,
  )
  .join('\n');

export const salonRollupLocksSchema = `
-- The salon rollup lock of every salon among the written rows (column TG_ARGV[0]), in salon order.
CREATE FUNCTION salon_rollup_lock() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  salon integer;
BEGIN
  FOR salon IN EXECUTE format(
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT DISTINCT %1$I FROM new_rows WHERE %1$I IS NOT NULL ORDER BY 1'
      WHEN 'DELETE' THEN 'SELECT DISTINCT %1$I FROM old_rows WHERE %1$I IS NOT NULL ORDER BY 1'
      ELSE 'SELECT %1$I FROM new_rows WHERE %1$I IS NOT NULL UNION SELECT %1$I FROM old_rows WHERE %1$I IS NOT NULL ORDER BY 1'
    END, TG_ARGV[0])
  LOOP
    PERFORM pg_advisory_xact_lock(7310100, salon);
  END LOOP;
  RETURN NULL;
END $f$;
${triggers}
-- A salon's own settings (time zone, lost threshold) refill its rollups too.
CREATE TRIGGER a_salon_rollup_lock_update AFTER UPDATE ON salons
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION salon_rollup_lock('id');
`;
