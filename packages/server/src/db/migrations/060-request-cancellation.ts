/**
 * An approved day-off request can be cancelled: it then reads CANCELLED with who cancelled it and
 * when, next to who approved it and when (kept), and its day off goes.
 */
export const requestCancellationSchema = `
ALTER TABLE user_shift_requests
  ADD COLUMN cancelled_by integer REFERENCES users(id),
  ADD COLUMN cancelled_at timestamptz,
  DROP CONSTRAINT user_shift_requests_status_check,
  ADD CONSTRAINT user_shift_requests_status_check CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED')),
  ADD CONSTRAINT user_shift_requests_cancellation_rules CHECK (
    (status = 'CANCELLED') = (cancelled_at IS NOT NULL) AND (status <> 'CANCELLED' OR cancelled_by IS NOT NULL)
  );
`;
