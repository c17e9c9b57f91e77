/**
 * staff_hours_daily, shift_hourly, appointments_daily, staff_day_details and performance_daily move to the model
 * (db/rollups/hours.ts): the triggers that kept them and their functions go; the generated stale triggers replace
 * them (appointments_daily had none: refreshSalesRollup filled it). The salon rollup lock triggers of
 * staff_hours_daily go with the refills they ordered; those of the base tables stay (writers of one salon still take
 * turns, and feedback, clients and salons still refill rollups kept the older way).
 *
 * The staff daily details are answered from staff_day_details alone: staff_day_bodies, the rendered and compressed
 * answer of each day kept in the database, goes with its triggers, functions and version sequence.
 */
export const hoursRollupsToModelSchema = `
DROP TRIGGER staff_day_bodies_insert ON staff_day_details;
DROP TRIGGER staff_day_bodies_update ON staff_day_details;
DROP TRIGGER staff_day_bodies_delete ON staff_day_details;
DROP TRIGGER staff_day_bodies_users_update ON users;
DROP TRIGGER staff_day_bodies_users_delete ON users;
DROP FUNCTION staff_day_bodies_written();
DROP FUNCTION staff_day_bodies_users();
DROP FUNCTION staff_day_bodies_people(integer[]);
DROP FUNCTION staff_day_bodies_invalidate(integer[], text[], date[]);
DROP FUNCTION staff_day_bodies_reset(integer);
DROP TABLE staff_day_bodies;
DROP SEQUENCE staff_day_bodies_version;

DROP TRIGGER staff_hours_shifts_insert ON user_timeframes;
DROP TRIGGER staff_hours_shifts_update ON user_timeframes;
DROP TRIGGER staff_hours_shifts_delete ON user_timeframes;
DROP TRIGGER staff_hours_attendances_insert ON attendances;
DROP TRIGGER staff_hours_attendances_update ON attendances;
DROP TRIGGER staff_hours_attendances_delete ON attendances;
DROP TRIGGER staff_hours_time_zone ON salons;
DROP FUNCTION staff_hours_daily_shifts();
DROP FUNCTION staff_hours_daily_attendances();
DROP FUNCTION staff_hours_daily_apply();
DROP FUNCTION staff_hours_delta_ready();
DROP FUNCTION staff_hours_daily_time_zone();
DROP FUNCTION staff_hours_daily_of(integer);

DROP TRIGGER shift_hourly_insert ON user_timeframes;
DROP TRIGGER shift_hourly_update ON user_timeframes;
DROP TRIGGER shift_hourly_delete ON user_timeframes;
DROP TRIGGER shift_hourly_time_zone ON salons;
DROP FUNCTION shift_hourly_written();
DROP FUNCTION shift_hourly_time_zone();
DROP FUNCTION shift_hourly_fill(integer, date[]);

DROP TRIGGER staff_day_details_hours_insert ON staff_hours_daily;
DROP TRIGGER staff_day_details_hours_update ON staff_hours_daily;
DROP TRIGGER staff_day_details_hours_delete ON staff_hours_daily;
DROP TRIGGER staff_day_details_feedback_insert ON feedback;
DROP TRIGGER staff_day_details_feedback_update ON feedback;
DROP TRIGGER staff_day_details_feedback_delete ON feedback;
DROP TRIGGER staff_day_details_clients_insert ON clients;
DROP TRIGGER staff_day_details_clients_update ON clients;
DROP TRIGGER staff_day_details_clients_delete ON clients;
DROP FUNCTION staff_day_details_written();
DROP FUNCTION staff_day_details_clients();
DROP FUNCTION staff_day_details_clients_insert();
DROP FUNCTION staff_day_details_clients_delete();
DROP FUNCTION staff_day_details_fill(integer, date[]);

DROP TRIGGER performance_daily_hours_insert ON staff_hours_daily;
DROP TRIGGER performance_daily_hours_update ON staff_hours_daily;
DROP TRIGGER performance_daily_hours_delete ON staff_hours_daily;
DROP TRIGGER performance_daily_clients_insert ON clients;
DROP TRIGGER performance_daily_clients_update ON clients;
DROP TRIGGER performance_daily_clients_delete ON clients;
DROP FUNCTION performance_daily_hours();
DROP FUNCTION performance_daily_clients_insert();
DROP FUNCTION performance_daily_clients_update();
DROP FUNCTION performance_daily_clients_delete();
DROP FUNCTION performance_daily_fill(integer, date[]);

DROP TRIGGER a_salon_rollup_lock_insert ON staff_hours_daily;
DROP TRIGGER a_salon_rollup_lock_update ON staff_hours_daily;
DROP TRIGGER a_salon_rollup_lock_delete ON staff_hours_daily;
`;
