/**
 * client_quality_counts, client_name_counts and client_duplicate_candidates move to the model
 * (db/rollups/quality.ts): the clients triggers that kept them, the TRUNCATE one and their functions go;
 * the generated stale triggers replace them. The clients rollup lock triggers stay: other rollups are
 * still refilled by triggers on clients.
 *
 * clients_dq_name_idx served the candidates' refresh by name key; the model names a name key by its
 * hashtext() (the stale log holds integers), so the index a stale key's records are found through is on that.
 */
export const qualityRollupsToModelSchema = `
DROP TRIGGER clients_quality_counts_ins ON clients;
DROP TRIGGER clients_quality_counts_upd ON clients;
DROP TRIGGER clients_quality_counts_del ON clients;
DROP TRIGGER clients_quality_counts_truncate ON clients;
DROP FUNCTION clients_quality_counts();
DROP FUNCTION clients_quality_counts_truncate();
DROP FUNCTION client_quality_add(integer[], integer[], smallint[], smallint[], text[], integer[]);
DROP FUNCTION client_duplicates_refresh(integer[], text[]);
DROP FUNCTION client_quality_counts_rebuild();
DROP INDEX clients_dq_name_idx;
CREATE INDEX clients_dq_name_hash_idx ON clients (salon_id, hashtext(dq_name_key)) WHERE dq_name_key <> '';
`;
