import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type BonusKind, emptyTier, type FormErrors, type ItemDraft, LIMITS, parseAmount, parseUnits } from '../campaign-form';
import type { Tier, TierMode } from '../tiers';
import { TierExplanation } from './bonus-scheme';
import { useFieldError } from './field-error';

const BONUS_KINDS: readonly BonusKind[] = ['PER_UNIT', 'PERCENT', 'TIERS'];

/** The tiers of a draft that parse, for the explanation beside the editor. */
function parsedTiers(item: ItemDraft): Tier[] {
  return item.tiers.flatMap((tier) => {
    const fromUnits = parseUnits(tier.fromUnits);
    const perUnit = parseAmount(tier.perUnit);
    return fromUnits === null || perUnit === null ? [] : [{ fromUnits, perUnit }];
  });
}

/** One counted service or product: how it pays (per unit, per cent, tiers), with the tiers explained in words as they are typed. */
export function ItemEditor({
  item,
  path,
  errors,
  tierMode,
  onChange,
  onRemove,
}: {
  item: ItemDraft;
  path: string;
  errors: FormErrors;
  tierMode: TierMode;
  onChange: (item: ItemDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('campaigns');
  const fieldError = useFieldError(errors);
  const setTier = (index: number, change: Partial<ItemDraft['tiers'][number]>) =>
    onChange({ ...item, tiers: item.tiers.map((tier, i) => (i === index ? { ...tier, ...change } : tier)) });
  const tiers = parsedTiers(item);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }} data-testid="item-editor" aria-label={item.name} component="section">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item.name}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            ({t(`itemKind.${item.kind}`)})
          </Typography>
        </Typography>
        <IconButton aria-label={t('form.removeItem', { name: item.name })} onClick={onRemove} size="small">
          <DeleteOutlined />
        </IconButton>
      </Stack>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={t('form.bonusKind')}
          value={item.bonusKind}
          onChange={(event) => {
            const bonusKind = event.target.value as BonusKind;
            onChange({
              ...item,
              bonusKind,
              tiers: bonusKind === 'TIERS' && item.tiers.length === 0 ? [emptyTier(), emptyTier()] : item.tiers,
            });
          }}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'bonus-kind' } } }}
        >
          {BONUS_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`bonusKind.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        {item.bonusKind === 'PER_UNIT' ? (
          <TextField
            size="small"
            label={t('form.perUnit')}
            value={item.perUnit}
            onChange={(event) => onChange({ ...item, perUnit: event.target.value })}
            {...fieldError(`${path}.perUnit`, { max: LIMITS.perUnit })}
            sx={{ width: 160 }}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'per-unit' } }}
          />
        ) : null}
        {item.bonusKind === 'PERCENT' ? (
          <TextField
            size="small"
            label={t('form.percent')}
            value={item.percent}
            onChange={(event) => onChange({ ...item, percent: event.target.value })}
            {...fieldError(`${path}.percent`)}
            sx={{ width: 160 }}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'percent' } }}
          />
        ) : null}
      </Box>
      {item.bonusKind === 'TIERS' ? (
        <Box sx={{ mt: 1.5 }}>
          {errors[`${path}.tiers`] ? (
            <Typography variant="caption" color="error" component="p" role="alert">
              {t(`errors.${errors[`${path}.tiers`]}`, { max: LIMITS.tiers })}
            </Typography>
          ) : null}
          {item.tiers.map((tier, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tier rows have no id of their own; they are only appended or removed.
            <Box key={index} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 1 }} data-testid="tier-row">
              <TextField
                size="small"
                label={t(tierMode === 'STRAIGHT' ? 'form.tierFromStraight' : 'form.tierFromSliding')}
                value={tier.fromUnits}
                onChange={(event) => setTier(index, { fromUnits: event.target.value })}
                {...fieldError(`${path}.tiers.${index}.fromUnits`)}
                sx={{ width: 170 }}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'tier-from' } }}
              />
              <TextField
                size="small"
                label={t('form.tierPerUnit')}
                value={tier.perUnit}
                onChange={(event) => setTier(index, { perUnit: event.target.value })}
                {...fieldError(`${path}.tiers.${index}.perUnit`, { max: LIMITS.perUnit })}
                sx={{ width: 150 }}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'tier-rate' } }}
              />
              <IconButton
                aria-label={t('form.removeTier', { index: index + 1 })}
                onClick={() => onChange({ ...item, tiers: item.tiers.filter((_, i) => i !== index) })}
                size="small"
                sx={{ mt: 0.5 }}
              >
                <DeleteOutlined />
              </IconButton>
            </Box>
          ))}
          <Button
            size="small"
            startIcon={<Add />}
            onClick={() => onChange({ ...item, tiers: [...item.tiers, emptyTier()] })}
            disabled={item.tiers.length >= LIMITS.tiers}
            data-testid="add-tier"
          >
            {t('form.addTier')}
          </Button>
          {tiers.length > 0 ? <TierExplanation tiers={tiers} mode={tierMode} /> : null}
        </Box>
      ) : null}
    </Paper>
  );
}
