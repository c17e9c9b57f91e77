import type { useTranslation } from 'react-i18next';
import { formatDay, monthName } from '../../components/format/dates';

type Translate = ReturnType<typeof useTranslation<'campaigns'>>['t'];

/** A campaign's period in words: "December 2026" for a calendar month, "1 Dec 2026 – 15 Dec 2026" for a range. */
export function periodText(
  t: Translate,
  campaign: { month: number | null; year: number | null; fromDate: string; toDate: string },
  language: string,
): string {
  if (campaign.month !== null && campaign.year !== null) return `${monthName(campaign.month, language)} ${campaign.year}`;
  return t('period.range', { from: formatDay(campaign.fromDate, language), to: formatDay(campaign.toDate, language) });
}
