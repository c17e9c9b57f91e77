import { parseTimeInput } from '../../components/format/dates';
import { type DayOffErrors, type DayOffTexts, validateDayOff } from '../../components/staff/day-off-form';
import { addDays, minutesOf } from '../../lib/staff-time';

export type RequestKindName = 'DAY_OFF' | 'SHIFT_CHANGE';

/** What the request form holds: a day off (the day-off fields) or a shift change (a day, the wanted times, the shift it replaces). */
export interface RequestTexts extends DayOffTexts {
  kind: RequestKindName;
  /** SHIFT_CHANGE: the day, YYYY-MM-DD. */
  day: string;
  wantedStart: string;
  wantedEnd: string;
  /** SHIFT_CHANGE: the id of one of my shifts that day to replace, or '' for an extra shift. */
  userTimeframeId: string;
}

export type RequestErrors = DayOffErrors & Partial<Record<'day' | 'wantedStart' | 'wantedEnd', string>>;

/** The body of POST / PUT /api/UserShiftRequests. */
export interface RequestBody {
  kind: RequestKindName;
  type?: 'HOLIDAY' | 'SICK' | 'PERMIT';
  part?: 'FULL_DAY' | 'MORNING' | 'AFTERNOON' | 'HOURS';
  startDate?: string;
  endDate?: string;
  startTime?: string | null;
  endTime?: string | null;
  wantedStart?: string;
  wantedEnd?: string;
  userTimeframeId?: number | null;
  note: string;
}

/** The longest shift the API takes, in hours. */
const SHIFT_MAX_HOURS = 16;

/**
 * Checks a request before it is sent. A day off: as validateDayOff. A shift change: a day and the
 * wanted start and end, wall-clock times of the salon (an end not after the start is the next
 * day), at most 16 hours.
 */
export function validateRequest(texts: RequestTexts): { body?: RequestBody; errors: RequestErrors } {
  if (texts.kind === 'DAY_OFF') {
    const { input, errors } = validateDayOff(texts);
    return input ? { errors, body: { kind: 'DAY_OFF', ...input } } : { errors };
  }
  const errors: RequestErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(texts.day)) errors.day = 'required';
  const start = parseTimeInput(texts.wantedStart);
  const end = parseTimeInput(texts.wantedEnd);
  if (!texts.wantedStart.trim()) errors.wantedStart = 'required';
  else if (start === null) errors.wantedStart = 'time';
  if (!texts.wantedEnd.trim()) errors.wantedEnd = 'required';
  else if (end === null) errors.wantedEnd = 'time';
  let length = 0;
  if (start !== null && end !== null) {
    length = minutesOf(end) - minutesOf(start);
    if (length === 0) errors.wantedEnd = 'sameTime';
    else if ((length > 0 ? length : length + 1440) > SHIFT_MAX_HOURS * 60) errors.wantedEnd = 'tooLong';
  }
  if (texts.note.length > 500) errors.note = 'noteTooLong';
  if (Object.keys(errors).length > 0 || start === null || end === null) return { errors };
  const endDay = length < 0 ? addDays(texts.day, 1) : texts.day;
  return {
    errors,
    body: {
      kind: 'SHIFT_CHANGE',
      wantedStart: `${texts.day}T${start}`,
      wantedEnd: `${endDay}T${end}`,
      userTimeframeId: texts.userTimeframeId ? Number(texts.userTimeframeId) : null,
      note: texts.note.trim(),
    },
  };
}

/**
 * Whether an approved day off can still be cancelled, as the API allows it: by the person before
 * its first day, by a manager (for someone else) until its last day.
 */
export function isCancellable(
  request: { kind: string; status: string; startDate: string; endDate: string },
  today: string | null | undefined,
  asManager: boolean,
): boolean {
  if (request.kind !== 'DAY_OFF' || request.status !== 'APPROVED' || !today) return false;
  return asManager ? request.endDate >= today : request.startDate > today;
}
