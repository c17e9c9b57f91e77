/**
 * The staff side: shifts, days off and requests.
 * - users.annual_allowance_days: HOLIDAY working days a year (default 24; half days allowed).
 * - user_timeframes.recurrence_kind: WEEKLY / FORTNIGHTLY for a series (with its recurrence_id),
 *   and an exclusion constraint (btree_gist) so one person's shifts never overlap, even under
 *   concurrent writes; '[)' ranges, so one shift may end when the next starts.
 * - user_shifts (days off): part FULL_DAY / MORNING / AFTERNOON / HOURS, the hours of a PERMIT,
 *   and the request that wrote it.
 * - user_shift_requests: kind DAY_OFF / SHIFT_CHANGE; a shift change carries the wanted start and
 *   end (and the shift it replaces); a day-off request the same part and hours as a day off.
 * Demo shifts written before this migration that belong to a series are WEEKLY.
 */
export const staffSchema = `
CREATE EXTENSION IF NOT EXISTS btree_gist;

ALTER TABLE users ADD COLUMN annual_allowance_days numeric(4,1) NOT NULL DEFAULT 24
  CHECK (annual_allowance_days >= 0 AND annual_allowance_days <= 366);

ALTER TABLE user_timeframes ADD COLUMN recurrence_kind text CHECK (recurrence_kind IN ('WEEKLY', 'FORTNIGHTLY'));
UPDATE user_timeframes SET recurrence_kind = 'WEEKLY' WHERE recurrence_id IS NOT NULL;
ALTER TABLE user_timeframes ADD CONSTRAINT user_timeframes_recurrence_check
  CHECK ((recurrence_id IS NULL) = (recurrence_kind IS NULL));
ALTER TABLE user_timeframes ADD CONSTRAINT user_timeframes_no_overlap
  EXCLUDE USING gist (salon_id WITH =, user_id WITH =, tstzrange(day_start, day_end, '[)') WITH &&);
CREATE INDEX user_timeframes_recurrence_idx ON user_timeframes (salon_id, recurrence_id, day_start) WHERE recurrence_id IS NOT NULL;

ALTER TABLE user_shifts
  ADD COLUMN part text NOT NULL DEFAULT 'FULL_DAY' CHECK (part IN ('FULL_DAY', 'MORNING', 'AFTERNOON', 'HOURS')),
  ADD COLUMN start_time time,
  ADD COLUMN end_time time,
  ADD COLUMN user_shift_request_id bigint,
  ADD CONSTRAINT user_shifts_part_rules CHECK (
    (part = 'FULL_DAY' OR start_day = end_day)
    AND ((part = 'HOURS') = (start_time IS NOT NULL AND end_time IS NOT NULL))
    AND (part <> 'HOURS' OR (type = 'PERMIT' AND end_time > start_time))
    AND (part = 'HOURS' OR (start_time IS NULL AND end_time IS NULL))
  );
CREATE INDEX user_shifts_day_idx ON user_shifts (salon_id, start_day);

ALTER TABLE user_shift_requests
  ADD COLUMN kind text NOT NULL DEFAULT 'DAY_OFF' CHECK (kind IN ('DAY_OFF', 'SHIFT_CHANGE')),
  ADD COLUMN part text CHECK (part IN ('FULL_DAY', 'MORNING', 'AFTERNOON', 'HOURS')),
  ADD COLUMN start_time time,
  ADD COLUMN end_time time,
  ADD COLUMN wanted_start timestamptz,
  ADD COLUMN wanted_end timestamptz,
  ADD COLUMN user_timeframe_id bigint,
  ALTER COLUMN type DROP NOT NULL;
UPDATE user_shift_requests SET part = 'FULL_DAY' WHERE kind = 'DAY_OFF' AND part IS NULL;
ALTER TABLE user_shift_requests ADD CONSTRAINT user_shift_requests_kind_rules CHECK (
  CASE kind
    WHEN 'DAY_OFF' THEN type IS NOT NULL AND part IS NOT NULL AND wanted_start IS NULL AND wanted_end IS NULL
      AND user_timeframe_id IS NULL
      AND (part = 'FULL_DAY' OR start_day = end_day)
      AND ((part = 'HOURS') = (start_time IS NOT NULL AND end_time IS NOT NULL))
      AND (part <> 'HOURS' OR (type = 'PERMIT' AND end_time > start_time))
    ELSE type IS NULL AND part IS NULL AND start_time IS NULL AND end_time IS NULL
      AND wanted_start IS NOT NULL AND wanted_end > wanted_start
  END
);
ALTER TABLE user_shift_requests ADD CONSTRAINT user_shift_requests_decision_rules CHECK (
  (status = 'PENDING') = (decided_at IS NULL) AND (status = 'PENDING' OR decided_by IS NOT NULL)
);
CREATE INDEX user_shift_requests_status_idx ON user_shift_requests (salon_id, status, start_day);
`;
