import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/i18n';
import { formatDay } from '../format/dates';

interface StaffErrorBody {
  reason?: string;
  parameter?: string;
  clash?: { userTimeframeId: number | null; userId: number; day: string; startTime: string; endTime: string };
  dayOffId?: number;
}

/** The staff side's error body (StaffErrorResponse), when a failure carries one. */
export function staffErrorBody(error: unknown): StaffErrorBody | null {
  return error instanceof ApiError && typeof error.body === 'object' && error.body !== null ? (error.body as StaffErrorBody) : null;
}

/**
 * What a failed staff call shows: the fixed message of the call (word for word, translated
 * in Italian) and, below it, why, in the interface language: the API's reason (a clash names the
 * clashing shift), a refused role, a record gone, or the field at fault. A network or server
 * failure shows the headline alone.
 */
export function staffError(error: unknown, headline: string, t: TFunction, language: string): { headline: string; detail: string | null } {
  const translated = translateMessage(headline);
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { headline: translated, detail: null };
  const body = staffErrorBody(error);
  const reason = body?.reason;
  if (reason === 'SHIFT_CLASH' && body?.clash) {
    return {
      headline: translated,
      detail: t('staff:errors.SHIFT_CLASH', {
        day: formatDay(body.clash.day, language),
        start: body.clash.startTime,
        end: body.clash.endTime,
      }),
    };
  }
  if (reason) return { headline: translated, detail: t(`staff:errors.${reason}`) };
  if (error.status === 403) return { headline: translated, detail: t('staff:errors.forbidden') };
  if (error.status === 404) return { headline: translated, detail: t('staff:errors.notFound') };
  if (error.status === 400 && body?.parameter)
    return { headline: translated, detail: t('staff:errors.invalid', { field: body.parameter }) };
  return { headline: translated, detail: t('staff:errors.refused') };
}
