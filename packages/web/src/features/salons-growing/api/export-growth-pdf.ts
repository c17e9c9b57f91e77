import { exportGrowthPdf } from '@salon/contracts';
import { downloadFile } from '../../../lib/api-client';
import { getStoredSessionCode } from '../../../lib/session-code';

// ExportPDF is a POST with an empty JSON body; the contract declares none, so the type is told.
const EMPTY_JSON_BODY = {} as unknown as undefined;

/** Downloads the growth report PDF of a salon; the months override each category's setting only when given. */
export function downloadGrowthPdf(salonId: number, filename: string, months: { reachTargetMonth?: number; targetMonth?: number } = {}) {
  const sessionCode = getStoredSessionCode() ?? undefined;
  return downloadFile(exportGrowthPdf, { query: { salonId, sessionCode, ...months }, body: EMPTY_JSON_BODY }, filename);
}
