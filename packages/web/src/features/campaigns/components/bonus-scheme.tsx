import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../../components/format/number-format';
import { exampleUnits, nextTier, type Tier, type TierMode, tierBands, tierBonus } from '../tiers';

/** How a counted item pays, as the API describes it (CampaignItemRow / MyCampaign items). */
export interface BonusRule {
  bonusKind: 'PER_UNIT' | 'PERCENT' | 'TIERS';
  bonusPerUnit: number;
  bonusPercent: number;
  tiers: readonly Tier[];
}

type Translate = ReturnType<typeof useTranslation<'campaigns'>>['t'];

/** One line of words for a rule: "€2.00 per unit", "10% of the paid amount", or the tier mode's name. */
export function ruleSummary(t: Translate, rule: BonusRule, mode: TierMode, language: string): string {
  if (rule.bonusKind === 'PER_UNIT') return t('scheme.perUnit', { amount: formatValue(rule.bonusPerUnit, 'money', language) });
  if (rule.bonusKind === 'PERCENT') return t('scheme.percent', { percent: formatValue(rule.bonusPercent, 'percent', language) });
  return t(`scheme.tiers.${mode}`, { count: rule.tiers.length });
}

/** The bands of a tier scheme in words, one per line, with worked examples (STRAIGHT and SLIDING read differently). */
export function TierExplanation({ tiers, mode, showExamples = true }: { tiers: readonly Tier[]; mode: TierMode; showExamples?: boolean }) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const money = (value: number) => formatValue(value, 'money', language);
  const bands = tierBands(tiers, mode);
  if (bands.length === 0) return null;
  return (
    <Box data-testid="tier-explanation">
      <Typography variant="caption" component="p" color="text.secondary">
        {t(`scheme.explain.${mode}`)}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'caption' }}>
        {bands.map((band) => (
          <li key={band.firstUnit}>
            {mode === 'STRAIGHT'
              ? t('scheme.band.straight', { count: band.firstUnit, rate: money(band.perUnit) })
              : band.lastUnit === null
                ? t('scheme.band.slidingTop', { first: band.firstUnit, rate: money(band.perUnit) })
                : t('scheme.band.sliding', { first: band.firstUnit, last: band.lastUnit, rate: money(band.perUnit) })}
          </li>
        ))}
      </Box>
      {showExamples ? (
        <Typography variant="caption" component="p" color="text.secondary" data-testid="tier-examples">
          {exampleUnits(tiers, mode)
            .map((units) => t('scheme.example', { count: units, bonus: money(tierBonus(tiers, mode, units)) }))
            .join(' · ')}
        </Typography>
      ) : null}
    </Box>
  );
}

/** What is ahead for a person with `units` of a tiered item: "3 more units to reach the next tier…", or the top tier reached. */
export function NextTierLine({ tiers, mode, units }: { tiers: readonly Tier[]; mode: TierMode; units: number }) {
  const { t, i18n } = useTranslation('campaigns');
  const money = (value: number) => formatValue(value, 'money', i18n.language);
  if (tiers.length === 0) return null;
  const next = nextTier(tiers, mode, units);
  return (
    <Typography variant="caption" component="p" sx={{ fontWeight: 500 }} data-testid="next-tier">
      {next
        ? t(next.isFirst ? 'scheme.start' : 'scheme.next', {
            count: next.unitsMore,
            rate: money(next.tier.perUnit),
            more: money(next.bonusMore),
            total: money(next.bonusThen),
          })
        : t('scheme.topReached')}
    </Typography>
  );
}
