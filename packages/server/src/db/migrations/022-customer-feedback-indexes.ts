/**
 * Customer and feedback reports, index-only reads:
 * - the heat-map counts a range's DONE appointments per local weekday and hour from their start:
 *   appointments (salon_id, day, status) carrying start_at, so it reads no appointment rows;
 * - the feedback details of one service or one staff member over a range read that subject's
 *   rows in (day, id) order, the page latest first, with the score for the summary.
 */
export const customerFeedbackIndexesSchema = `
CREATE INDEX appointments_day_start_idx ON appointments (salon_id, day, status) INCLUDE (start_at);
CREATE INDEX feedback_service_day_idx ON feedback (salon_id, service_id, day, id) INCLUDE (score);
CREATE INDEX feedback_staff_day_idx ON feedback (salon_id, staff_id, day, id) INCLUDE (score);
ANALYZE appointments;
ANALYZE feedback;
`;
