/**
 * Planner statistics for the staff rollups. Migration 021 rebuilt staff_client_days
 * (prev_day) without ANALYZE, so until autovacuum came by the planner took a salon-year of it for
 * a few dozen rows and looked each row's client up one by one for the new-clients count of staff
 * analysis (~27,000 index probes over a year) instead of hashing the range's new clients.
 */
export const staffClientDaysStatisticsSchema = `
ANALYZE staff_client_days;
ANALYZE staff_hours_daily;
ANALYZE staff_booked_daily;
ANALYZE staff_daily;
`;
