/**
 * The data-quality report's duplicate candidates from one compact table instead of the
 * salon's records (migration 040 left a probe of clients_dq_name_idx per name held by two or more
 * records and a heap fetch per candidate record, most of the report's reads).
 *
 * client_duplicate_candidates: per salon, non-blank dq_name_key held by two or more records
 * (client_name_counts.clients > 1) and record id, what the report reads of the record: the
 * duplicate keys, creator, stored score, birth date, names, phone and e-mail. Stored in key order
 * (salon_id, name_key, id): a salon's candidates are a few pages.
 *
 * Kept by the clients statement triggers of migration 040 (clients_quality_counts(), redefined here),
 * after they have moved client_name_counts: client_duplicates_refresh(salons, names) recomputes the
 * candidates of the (salon, name key) pairs given, the keys of the inserted and deleted records and
 * of the updated records whose salon, keys, creator, score, birth date, names, phone or e-mail
 * changed (old and new keys). Refreshes of one key run one after the other: each takes a transaction
 * advisory lock on its salon's bucket of the key's hash (at most 256 a salon, in order) before it
 * reads the records, so it sees every committed write of a concurrent refresh of that key.
 * client_quality_counts_rebuild() (rebuildRollups, the demo load) recomputes the table too, and a
 * TRUNCATE of clients empties it.
 */
export const clientDuplicateCandidatesSchema = `
CREATE TABLE client_duplicate_candidates (
  salon_id integer NOT NULL,
  name_key text NOT NULL,
  id bigint NOT NULL,
  phone_key text,
  email_key text,
  created_by integer,
  dq_score smallint NOT NULL,
  birth_date date,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  email text,
  PRIMARY KEY (salon_id, name_key, id)
);

-- The candidates of the (salon, name key) pairs given (parallel arrays), recomputed from the records: each key's records
-- through clients_dq_name_idx (a nested loop over the keys, whatever their number).
CREATE FUNCTION client_duplicates_refresh(salons integer[], names text[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock(7310047, b.bucket)
  FROM (SELECT DISTINCT k.salon_id * 256 + (hashtext(k.name_key) & 255) AS bucket
        FROM unnest(salons, names) k(salon_id, name_key) WHERE k.name_key <> '' ORDER BY 1) b;
  DELETE FROM client_duplicate_candidates d
  USING (SELECT DISTINCT * FROM unnest(salons, names) k(salon_id, name_key) WHERE k.name_key <> '') k
  WHERE d.salon_id = k.salon_id AND d.name_key = k.name_key;
  INSERT INTO client_duplicate_candidates (salon_id, name_key, id, phone_key, email_key, created_by, dq_score, birth_date,
    first_name, last_name, phone, email)
  SELECT c.salon_id, c.dq_name_key, c.id, c.dq_phone_key, c.dq_email_key, c.created_by, c.dq_score, c.birth_date,
    c.first_name, c.last_name, c.phone, c.email
  FROM (SELECT DISTINCT * FROM unnest(salons, names) k(salon_id, name_key) WHERE k.name_key <> '') k
  JOIN client_name_counts n ON n.salon_id = k.salon_id AND n.name_key = k.name_key AND n.clients > 1
  CROSS JOIN LATERAL (
    SELECT * FROM clients c WHERE c.salon_id = k.salon_id AND c.dq_name_key = k.name_key AND c.dq_name_key <> '' OFFSET 0
  ) c
  ORDER BY 1, 2, 3;
END
$fn$;

CREATE OR REPLACE FUNCTION client_quality_counts_rebuild() RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM client_quality_counts;
  DELETE FROM client_name_counts;
  DELETE FROM client_duplicate_candidates;
  INSERT INTO client_quality_counts (salon_id, created_by, dq_flags, dq_score, clients)
  SELECT salon_id, created_by, dq_flags, dq_score, count(*) FROM clients GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
  INSERT INTO client_name_counts (salon_id, name_key, clients)
  SELECT salon_id, dq_name_key, count(*) FROM clients WHERE dq_name_key <> '' GROUP BY 1, 2 ORDER BY 1, 2;
  INSERT INTO client_duplicate_candidates (salon_id, name_key, id, phone_key, email_key, created_by, dq_score, birth_date,
    first_name, last_name, phone, email)
  SELECT c.salon_id, c.dq_name_key, c.id, c.dq_phone_key, c.dq_email_key, c.created_by, c.dq_score, c.birth_date,
    c.first_name, c.last_name, c.phone, c.email
  FROM client_name_counts n
  JOIN clients c ON c.salon_id = n.salon_id AND c.dq_name_key = n.name_key
  WHERE n.clients > 1
  ORDER BY 1, 2, 3;
$fn$;

CREATE OR REPLACE FUNCTION clients_quality_counts() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM client_quality_add(array_agg(salon_id), array_agg(created_by), array_agg(dq_flags), array_agg(dq_score), array_agg(dq_name_key),
      array_agg(1)) FROM new_rows;
    PERFORM client_duplicates_refresh(array_agg(salon_id), array_agg(dq_name_key)) FROM new_rows WHERE dq_name_key <> '';
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM client_quality_add(array_agg(salon_id), array_agg(created_by), array_agg(dq_flags), array_agg(dq_score), array_agg(dq_name_key),
      array_agg(sign))
    FROM (SELECT salon_id, created_by, dq_flags, dq_score, dq_name_key, 1 AS sign FROM new_rows
          UNION ALL SELECT salon_id, created_by, dq_flags, dq_score, dq_name_key, -1 FROM old_rows) k;
    -- the old and new keys of the records whose candidate fields changed (an update of anything else leaves the table as it is)
    PERFORM client_duplicates_refresh(array_agg(k.salon_id), array_agg(k.name_key))
    FROM (
      SELECT o.salon_id AS o_salon, o.dq_name_key AS o_key, n.salon_id AS n_salon, n.dq_name_key AS n_key
      FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE (o.salon_id, o.dq_name_key, o.dq_phone_key, o.dq_email_key, o.created_by, o.dq_score, o.birth_date, o.first_name,
          o.last_name, o.phone, o.email)
        IS DISTINCT FROM (n.salon_id, n.dq_name_key, n.dq_phone_key, n.dq_email_key, n.created_by, n.dq_score, n.birth_date,
          n.first_name, n.last_name, n.phone, n.email)
    ) changed
    CROSS JOIN LATERAL (VALUES (changed.o_salon, changed.o_key), (changed.n_salon, changed.n_key)) k(salon_id, name_key)
    WHERE k.name_key <> '';
  ELSE
    PERFORM client_quality_add(array_agg(salon_id), array_agg(created_by), array_agg(dq_flags), array_agg(dq_score), array_agg(dq_name_key),
      array_agg(-1)) FROM old_rows;
    PERFORM client_duplicates_refresh(array_agg(salon_id), array_agg(dq_name_key)) FROM old_rows WHERE dq_name_key <> '';
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION clients_quality_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM client_quality_counts;
  DELETE FROM client_name_counts;
  DELETE FROM client_duplicate_candidates;
  RETURN NULL;
END
$fn$;

-- The first fill: the rebuild above (the counts it also recomputes are already exact: the same rows again).
SELECT client_quality_counts_rebuild();
ANALYZE client_duplicate_candidates;
`;
