/**
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
`;
