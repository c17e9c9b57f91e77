/**
 * The client rollups move to the model (db/rollups/clients.ts): client_days, client_totals, client_years,
 * client_months, client_weekday_months, client_visit_months, client_cohort_months, place_months,
 * recap_client_daily and recap_daily. The triggers and functions that refilled them go (the generated stale
 * triggers replace them); so do the rollup lock triggers on recap_client_daily, which only served recap_daily's
 * refill. The lock triggers on clients and salons stay: other rollups are still refilled by triggers on them.
 */
export const clientRollupsToModelSchema = `
DROP TRIGGER client_visit_months_clients ON clients;
DROP FUNCTION client_visit_months_clients();
DROP FUNCTION client_visit_months_refresh(integer, date[]);
DROP FUNCTION client_cohort_months_refresh(integer, date[]);
DROP TRIGGER clients_place_months_ins ON clients;
DROP TRIGGER clients_place_months_upd ON clients;
DROP TRIGGER clients_place_months_del ON clients;
DROP FUNCTION clients_place_months();
DROP FUNCTION place_months_move(integer[], bigint[], text[], text[], double precision[], double precision[], integer[]);
DROP TRIGGER recap_client_daily_threshold ON salons;
DROP TRIGGER recap_client_daily_first_visit ON clients;
DROP FUNCTION recap_client_daily_threshold();
DROP FUNCTION recap_client_daily_first_visit();
DROP FUNCTION recap_client_daily_refresh(integer, date[]);
DROP TRIGGER recap_daily_insert ON recap_client_daily;
DROP TRIGGER recap_daily_update ON recap_client_daily;
DROP TRIGGER recap_daily_delete ON recap_client_daily;
DROP TRIGGER a_salon_rollup_lock_insert ON recap_client_daily;
DROP TRIGGER a_salon_rollup_lock_update ON recap_client_daily;
DROP TRIGGER a_salon_rollup_lock_delete ON recap_client_daily;
DROP FUNCTION recap_daily_written();
DROP FUNCTION recap_daily_fill(integer, date[]);
`;
