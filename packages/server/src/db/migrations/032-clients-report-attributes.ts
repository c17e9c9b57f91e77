/**
 * clients_report_attrs_idx: the customer reports join a range's client_days to their
 * clients for first visit, gender and birth date (overview) and place and coordinates (heat-map
 * places); with these columns in an index on (salon_id, id) the join reads a salon's clients by an
 * index-only scan (about 150 pages for 14 k clients) instead of their heap pages (about 380).
 */
export const clientsReportAttributesSchema = `
CREATE INDEX clients_report_attrs_idx ON clients (salon_id, id)
  INCLUDE (first_visit, gender, birth_date, city, postal_code, latitude, longitude);
ANALYZE clients;
`;
