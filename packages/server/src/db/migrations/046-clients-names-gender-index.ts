/**
 * clients_names_idx (migration 037: clients (salon_id, id) carrying first and last name) carries the
 * gender too. Sales per client lists each client's names and gender: with them in the index it reads
 * the salon's clients index-only (about 120 pages for 14 k clients) instead of their heap pages (about
 * 380, then hashed). On the bench copy (salon 1) a month's list (2,943 clients) reads 158 buffers
 * instead of 447 and a range of 2024-11-15..2026-01-31 336 instead of 30,826 (the planner probed the
 * heap once per client there). Feedback per client and discounts per appointment read the same
 * index for names. Replaced, not added: the write path keeps one index of names, as before. Listed
 * for VACUUM (the read is index-only where the visibility map is set).
 */
export const clientsNamesGenderIndexSchema = `
DROP INDEX IF EXISTS clients_names_idx;
CREATE INDEX clients_names_idx ON clients (salon_id, id) INCLUDE (first_name, last_name, gender);
`;
