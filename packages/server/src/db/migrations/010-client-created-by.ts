/**
 * Who created a client record (issue 13, data quality "per staff member who created the
 * records"): clients.created_by, null when unknown (records imported or created before this
 * column). The index serves the per-creator figures of one salon.
 */
export const clientCreatedBySchema = `
ALTER TABLE clients ADD COLUMN created_by integer NULL REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX clients_created_by_idx ON clients (salon_id, created_by);
`;
