import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../../components/format/number-format';
import { errorMessageOf } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { type CampaignItemOption, useCampaignItems, useCampaignStaff } from '../api/use-campaigns';
import { type FormErrors, type ItemDraft, LIMITS, type SalonDraft } from '../campaign-form';
import type { TierMode } from '../tiers';
import { useFieldError } from './field-error';
import { ItemEditor } from './item-editor';

/** Who serves clients (stylists, assistants) takes part by default; the others can be ticked. */
const SERVING_ROLES = ['IMAGE', 'ASSISTANCE'];

/** One salon's part of a new campaign: its target, the staff and their targets, team leaders, and what counts. */
export function SalonPartEditor({
  salon,
  index,
  errors,
  tierMode,
  onChange,
  onRemove,
}: {
  salon: SalonDraft;
  index: number;
  errors: FormErrors;
  tierMode: TierMode;
  onChange: (salon: SalonDraft) => void;
  /** Offered when the campaign may have other salons (superadmin). */
  onRemove?: () => void;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const fieldError = useFieldError(errors);
  const path = `salons.${index}`;
  const staff = useCampaignStaff(salon.salonId);
  const items = useCampaignItems(salon.salonId);
  const staffData = staff.data;

  // The salon's people arrive once: each becomes a row, the serving staff ticked, no target yet (0 = none).
  useEffect(() => {
    if (!staffData || staffData.staff.length === 0 || salon.staff.length > 0) return;
    onChange({
      ...salon,
      staff: staffData.staff.map((person) => ({
        userId: person.userId,
        name: `${person.firstName} ${person.lastName}`.trim(),
        isIn: person.roles.some((role) => SERVING_ROLES.includes(role)),
        target: '0',
        feedback: '',
      })),
    });
  }, [staffData, salon, onChange]);

  const options = useMemo<CampaignItemOption[]>(() => {
    const chosen = new Set(salon.items.map((item) => `${item.kind}-${item.itemId}`));
    return [...(items.data?.services ?? []), ...(items.data?.products ?? [])].filter(
      (option) => !chosen.has(`${option.kind}-${option.itemId}`),
    );
  }, [items.data, salon.items]);

  const setItem = (itemIndex: number, item: ItemDraft) =>
    onChange({ ...salon, items: salon.items.map((old, i) => (i === itemIndex ? item : old)) });
  const addItem = (option: CampaignItemOption) =>
    onChange({
      ...salon,
      items: [
        ...salon.items,
        { kind: option.kind, itemId: option.itemId, name: option.name, bonusKind: 'PER_UNIT', perUnit: '', percent: '', tiers: [] },
      ],
    });

  return (
    <Paper variant="outlined" component="section" aria-label={salon.name} sx={{ p: 2, mb: 3 }} data-testid={`salon-part-${salon.salonId}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {salon.name}
        </Typography>
        {onRemove ? (
          <Button size="small" color="inherit" startIcon={<DeleteOutlined />} onClick={onRemove}>
            {t('form.removeSalon')}
          </Button>
        ) : null}
      </Box>
      <TextField
        size="small"
        label={t('form.salonTarget')}
        value={salon.target}
        onChange={(event) => onChange({ ...salon, target: event.target.value })}
        {...fieldError(`${path}.target`, { max: formatValue(LIMITS.target, 'money', language) })}
        sx={{ width: 220, mb: 2 }}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'salon-target-input' } }}
      />

      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {t('form.staffTitle')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('form.staffHint')}
      </Typography>
      {staff.isPending ? <CircularProgress size={20} aria-label={t('form.loadingStaff')} /> : null}
      {staff.isError ? <Alert severity="error">{translateMessage(errorMessageOf(staff.error))}</Alert> : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
        {salon.staff.map((person) => (
          <Box
            component="li"
            key={person.userId}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
            data-testid="staff-row"
          >
            <FormControlLabel
              sx={{ minWidth: 200, flex: '1 1 200px', mr: 0 }}
              control={
                <Checkbox
                  checked={person.isIn}
                  onChange={(event) =>
                    onChange({
                      ...salon,
                      staff: salon.staff.map((p) => (p.userId === person.userId ? { ...p, isIn: event.target.checked } : p)),
                    })
                  }
                />
              }
              label={person.name}
            />
            <TextField
              size="small"
              label={t('form.personTarget')}
              value={person.target}
              disabled={!person.isIn}
              onChange={(event) =>
                onChange({
                  ...salon,
                  staff: salon.staff.map((p) => (p.userId === person.userId ? { ...p, target: event.target.value } : p)),
                })
              }
              {...fieldError(`${path}.staff.${person.userId}.target`, { max: formatValue(LIMITS.target, 'money', language) })}
              sx={{ width: 160 }}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('form.personTargetOf', { name: person.name }) } }}
            />
          </Box>
        ))}
      </Box>

      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {t('form.leadersTitle')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('definition.leaderBonus')}
      </Typography>
      {salon.leaders.map((leader, leaderIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: leader rows have no id until a person is chosen; they are only appended or removed.
        <Box key={leaderIndex} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 1 }} data-testid="leader-row">
          <TextField
            select
            size="small"
            label={t('form.leader')}
            value={leader.userId === 0 ? '' : leader.userId}
            onChange={(event) =>
              onChange({
                ...salon,
                leaders: salon.leaders.map((l, i) => (i === leaderIndex ? { ...l, userId: Number(event.target.value) } : l)),
              })
            }
            {...fieldError(`${path}.leaders.${leaderIndex}.userId`)}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { inputProps: { 'data-testid': 'leader-select' } } }}
          >
            {salon.staff.map((person) => (
              <MenuItem key={person.userId} value={person.userId}>
                {person.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('form.leaderPercent')}
            value={leader.bonusPercent}
            onChange={(event) =>
              onChange({
                ...salon,
                leaders: salon.leaders.map((l, i) => (i === leaderIndex ? { ...l, bonusPercent: event.target.value } : l)),
              })
            }
            {...fieldError(`${path}.leaders.${leaderIndex}.bonusPercent`)}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'leader-percent' } }}
          />
          <IconButton
            aria-label={t('form.removeLeader', { index: leaderIndex + 1 })}
            onClick={() => onChange({ ...salon, leaders: salon.leaders.filter((_, i) => i !== leaderIndex) })}
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
        onClick={() => onChange({ ...salon, leaders: [...salon.leaders, { userId: 0, bonusPercent: '' }] })}
        sx={{ mb: 2 }}
        data-testid="add-leader"
      >
        {t('form.addLeader')}
      </Button>

      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {t('form.itemsTitle')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('form.itemsHint')}
      </Typography>
      {items.isError ? <Alert severity="error">{translateMessage(errorMessageOf(items.error))}</Alert> : null}
      {salon.items.map((item, itemIndex) => (
        <ItemEditor
          key={`${item.kind}-${item.itemId}`}
          item={item}
          path={`${path}.items.${itemIndex}`}
          errors={errors}
          tierMode={tierMode}
          onChange={(next) => setItem(itemIndex, next)}
          onRemove={() => onChange({ ...salon, items: salon.items.filter((_, i) => i !== itemIndex) })}
        />
      ))}
      <Autocomplete
        options={options}
        loading={items.isPending}
        groupBy={(option) => t(`itemKind.${option.kind}`)}
        getOptionLabel={(option) => option.name}
        getOptionKey={(option) => `${option.kind}-${option.itemId}`}
        renderOption={(props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              {option.name}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {formatValue(option.listPrice, 'money', language)}
              </Typography>
            </li>
          );
        }}
        value={null}
        blurOnSelect
        onChange={(_, option) => {
          if (option) addItem(option);
        }}
        renderInput={(params) => <TextField {...params} size="small" label={t('form.addItem')} />}
        sx={{ maxWidth: 420 }}
        data-testid="item-picker"
      />
    </Paper>
  );
}
