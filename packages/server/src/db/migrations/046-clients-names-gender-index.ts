/**
 * clients_names_idx (migration 037: clients (salon_id, id) carrying first and last name) carries the
 * gender too. Sales per client lists each client's names and gender: with them in the index it reads
 * the salon's clients index-only instead of their heap pages (which the planner probed once per
 * client over long ranges). Feedback per client and discounts per appointment read the same
 * index for names. Replaced, not added: the write path keeps one index of names, as before. Listed
 * for VACUUM (the read is index-only where the visibility map is set).
 */
export const clientsNamesGenderIndexSchema = `
DROP INDEX IF EXISTS clients_names_idx;
CREATE INDEX clients_names_idx ON clients (salon_id, id) INCLUDE (first_name, last_name, gender);
`;
