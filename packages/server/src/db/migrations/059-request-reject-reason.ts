/** A manager may say why they rejected a request; the person who asked reads it with the decision. */
export const requestRejectReasonSchema = `
ALTER TABLE user_shift_requests ADD COLUMN reject_reason text NOT NULL DEFAULT '';
`;
