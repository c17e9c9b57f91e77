/**
 * Data quality from a few counted rows instead of two scans of the salon's records
 * (migration 027 left an index-only scan of every record's flags and score, ~14,000 a salon, and
 * another of every name key, to find the names held by two or more records).
 *
 * - client_quality_counts: per salon, creator (null: unknown), dq_flags and dq_score, how many
 *   records (a few hundred rows a salon). The report's figures per creator are sums of these rows;
 *   the implausible birth dates (which depend on today) are still moved by the report itself.
 * - client_name_counts: per salon and non-blank dq_name_key, how many records; the names held by
 *   two or more (the only candidates of a duplicate group) through client_name_counts_dup_idx.
 *
 * Both are kept by statement triggers on clients (every writer: the import's upsert, the API,
 * tests, a user's cascaded delete that sets created_by null), in the writer's transaction: the
 * statement's new rows are added and its old rows subtracted per key (an upsert adding the
 * difference, so concurrent writers serialise on the key's row), and a key left at 0 is deleted.
 * A TRUNCATE empties both. Writers that switch triggers off (the demo load) call
 * refreshClientQualityCounts (db/rollups.ts: client_quality_counts_rebuild()), as rebuildRollups does.
 */
export const clientQualityCountsSchema = `
CREATE TABLE client_quality_counts (
  salon_id integer NOT NULL,
  created_by integer,
  dq_flags smallint NOT NULL,
  dq_score smallint NOT NULL,
  clients bigint NOT NULL,
  CONSTRAINT client_quality_counts_key UNIQUE NULLS NOT DISTINCT (salon_id, created_by, dq_flags, dq_score)
);
CREATE TABLE client_name_counts (
  salon_id integer NOT NULL,
  name_key text NOT NULL,
  clients bigint NOT NULL,
  PRIMARY KEY (salon_id, name_key)
);
CREATE INDEX client_name_counts_dup_idx ON client_name_counts (salon_id, name_key) WHERE clients > 1;

-- Both counts recomputed from the records (the migration, rebuildRollups, loads that switch triggers off).
CREATE FUNCTION client_quality_counts_rebuild() RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM client_quality_counts;
  DELETE FROM client_name_counts;
  INSERT INTO client_quality_counts (salon_id, created_by, dq_flags, dq_score, clients)
  SELECT salon_id, created_by, dq_flags, dq_score, count(*) FROM clients GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
  INSERT INTO client_name_counts (salon_id, name_key, clients)
  SELECT salon_id, dq_name_key, count(*) FROM clients WHERE dq_name_key <> '' GROUP BY 1, 2 ORDER BY 1, 2;
$fn$;
SELECT client_quality_counts_rebuild();

-- Adds the records given (parallel arrays, sign +1 for a new row, -1 for an old one) to both counts.
CREATE FUNCTION client_quality_add(salons integer[], creators integer[], flags smallint[], scores smallint[], names text[], signs integer[])
RETURNS void LANGUAGE sql AS $fn$
  INSERT INTO client_quality_counts AS t (salon_id, created_by, dq_flags, dq_score, clients)
  SELECT k.salon_id, k.created_by, k.dq_flags, k.dq_score, sum(k.sign)
  FROM unnest(salons, creators, flags, scores, signs) k(salon_id, created_by, dq_flags, dq_score, sign)
  GROUP BY 1, 2, 3, 4 HAVING sum(k.sign) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (salon_id, created_by, dq_flags, dq_score) DO UPDATE SET clients = t.clients + excluded.clients;
  DELETE FROM client_quality_counts t
  USING (SELECT DISTINCT * FROM unnest(salons, creators, flags, scores) k(salon_id, created_by, dq_flags, dq_score)) k
  WHERE t.salon_id = k.salon_id AND t.created_by IS NOT DISTINCT FROM k.created_by AND t.dq_flags = k.dq_flags
    AND t.dq_score = k.dq_score AND t.clients = 0;
  INSERT INTO client_name_counts AS t (salon_id, name_key, clients)
  SELECT k.salon_id, k.name_key, sum(k.sign) FROM unnest(salons, names, signs) k(salon_id, name_key, sign)
  WHERE k.name_key <> '' GROUP BY 1, 2 HAVING sum(k.sign) <> 0 ORDER BY 1, 2
  ON CONFLICT (salon_id, name_key) DO UPDATE SET clients = t.clients + excluded.clients;
  DELETE FROM client_name_counts t USING (SELECT DISTINCT * FROM unnest(salons, names) k(salon_id, name_key)) k
  WHERE t.salon_id = k.salon_id AND t.name_key = k.name_key AND t.clients = 0;
$fn$;

CREATE FUNCTION clients_quality_counts() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM client_quality_add(array_agg(salon_id), array_agg(created_by), array_agg(dq_flags), array_agg(dq_score), array_agg(dq_name_key),
      array_agg(1)) FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM client_quality_add(array_agg(salon_id), array_agg(created_by), array_agg(dq_flags), array_agg(dq_score), array_agg(dq_name_key),
      array_agg(sign))
    FROM (SELECT salon_id, created_by, dq_flags, dq_score, dq_name_key, 1 AS sign FROM new_rows
          UNION ALL SELECT salon_id, created_by, dq_flags, dq_score, dq_name_key, -1 FROM old_rows) k;
  ELSE
    PERFORM client_quality_add(array_agg(salon_id), array_agg(created_by), array_agg(dq_flags), array_agg(dq_score), array_agg(dq_name_key),
      array_agg(-1)) FROM old_rows;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER clients_quality_counts_ins AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_quality_counts();
CREATE TRIGGER clients_quality_counts_upd AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_quality_counts();
CREATE TRIGGER clients_quality_counts_del AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_quality_counts();
CREATE FUNCTION clients_quality_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM client_quality_counts;
  DELETE FROM client_name_counts;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER clients_quality_counts_truncate AFTER TRUNCATE ON clients FOR EACH STATEMENT EXECUTE FUNCTION clients_quality_counts_truncate();
ANALYZE client_quality_counts;
ANALYZE client_name_counts;
`;
