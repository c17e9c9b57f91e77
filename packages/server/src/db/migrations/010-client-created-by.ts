/**
 * Client records for the data-quality report.
 * - created_by: the staff member who created the record ("per staff member who created the
 *   records"); null when unknown (imported, or created before this column).
 * - dq_*: the date-independent checks of a record, kept by PostgreSQL itself (generated, stored), so
 *   the report reads them instead of re-running string functions over every record of the salon
 *   on every call. The rules (contracts' DATA_QUALITY_ISSUES):
 *   dq_phone_key: the phone's digits when it is valid (6 to 15 digits once spaces, '+', '(', ')', '.',
 *     '/' and '-' are removed), else null; a non-blank phone without a key is invalid.
 *   dq_email_valid: the trimmed e-mail reads local@domain.tld (one '@', no spaces).
 *   dq_email_key: the trimmed, lower-cased e-mail; null when blank.
 *   dq_name_key: first + last name, trimmed, runs of spaces collapsed, lower case.
 *   Likely duplicates: same dq_name_key and the same dq_phone_key or dq_email_key.
 */
export const clientCreatedBySchema = `
ALTER TABLE clients
  ADD COLUMN created_by integer NULL REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN dq_phone_key text GENERATED ALWAYS AS (
    CASE WHEN length(translate(coalesce(phone, ''), ' +()./-', '')) BETWEEN 6 AND 15
      AND translate(translate(coalesce(phone, ''), ' +()./-', ''), '0123456789', '') = ''
    THEN translate(phone, ' +()./-', '') END
  ) STORED,
  ADD COLUMN dq_email_valid boolean GENERATED ALWAYS AS (btrim(coalesce(email, '')) ~ '^[^@ ]+@[^@ ]+[.][^@ .]+$') STORED,
  ADD COLUMN dq_email_key text GENERATED ALWAYS AS (NULLIF(lower(btrim(coalesce(email, ''))), '')) STORED,
  ADD COLUMN dq_name_key text GENERATED ALWAYS AS (lower(regexp_replace(btrim(first_name || ' ' || last_name), '  +', ' ', 'g'))) STORED;
CREATE INDEX clients_created_by_idx ON clients (salon_id, created_by);
`;
