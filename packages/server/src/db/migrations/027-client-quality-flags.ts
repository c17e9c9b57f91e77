/**
 * Data quality read from an index instead of re-checking every record (migration 027).
 *
 * The report checked every client of the salon in a chain of CTEs on each call (~14,000 records a
 * salon: a heap scan, a hash self-join on the name key, a sort). Two more generated columns keep the
 * date-independent findings of a record (PostgreSQL computes them on every insert and update, so
 * every writer keeps them: the API, the import, the demo's COPY, tests):
 * - dq_flags: bit 1 phone missing, 2 phone invalid, 4 e-mail missing, 8 e-mail invalid,
 *   16 birth date missing, 32 gender missing, 64 consent missing (the rules of migration 010).
 * - dq_score: the completeness score without the birth-date plausibility check, which depends on
 *   today: 20 x the checks passed of phone, e-mail, birth date, gender, consent. A record with an
 *   implausible birth date (few, found through clients_dq_birth_idx) scores 20 less.
 * clients_dq_score_idx carries what the counts per creator read (index-only), in the order of the
 * report's list (score, id); clients_dq_name_idx gives the names held by two or more records, the
 * only candidates of a duplicate group.
 */
const blank = (column: string) => `(${column} IS NULL OR btrim(${column}) = '')`;
const phoneInvalid = `(NOT ${blank('phone')} AND NOT (length(translate(phone, ' +()./-', '')) BETWEEN 6 AND 15
      AND translate(translate(phone, ' +()./-', ''), '0123456789', '') = ''))`;
const emailInvalid = `(NOT ${blank('email')} AND NOT (btrim(email) ~ '^[^@ ]+@[^@ ]+[.][^@ .]+$'))`;

export const clientQualityFlagsSchema = `
ALTER TABLE clients
  ADD COLUMN dq_flags smallint GENERATED ALWAYS AS (
    (CASE WHEN ${blank('phone')} THEN 1 ELSE 0 END) | (CASE WHEN ${phoneInvalid} THEN 2 ELSE 0 END)
    | (CASE WHEN ${blank('email')} THEN 4 ELSE 0 END) | (CASE WHEN ${emailInvalid} THEN 8 ELSE 0 END)
    | (CASE WHEN birth_date IS NULL THEN 16 ELSE 0 END) | (CASE WHEN gender IS NULL THEN 32 ELSE 0 END)
    | (CASE WHEN NOT privacy_consent THEN 64 ELSE 0 END)
  ) STORED,
  ADD COLUMN dq_score smallint GENERATED ALWAYS AS (
    20 * (5 - (CASE WHEN ${blank('phone')} OR ${phoneInvalid} THEN 1 ELSE 0 END)
      - (CASE WHEN ${blank('email')} OR ${emailInvalid} THEN 1 ELSE 0 END)
      - (CASE WHEN birth_date IS NULL THEN 1 ELSE 0 END) - (CASE WHEN gender IS NULL THEN 1 ELSE 0 END)
      - (CASE WHEN NOT privacy_consent THEN 1 ELSE 0 END))
  ) STORED;
CREATE INDEX clients_dq_score_idx ON clients (salon_id, dq_score, id) INCLUDE (created_by, dq_flags, birth_date);
CREATE INDEX clients_dq_birth_idx ON clients (salon_id, birth_date);
CREATE INDEX clients_dq_name_idx ON clients (salon_id, dq_name_key) WHERE dq_name_key <> '';
`;
