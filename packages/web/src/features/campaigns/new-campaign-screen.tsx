import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { monthOf, yearOf } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { DateField } from '../../components/report-frame/date-field';
import { ApiError, errorMessageOf, MESSAGES } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { translateMessage } from '../../lib/i18n';
import { salonsQuery } from '../../lib/salon-today';
import { showMessage } from '../../lib/snackbar';
import { type CampaignDetail, useCampaign, useCreateCampaign } from './api/use-campaigns';
import {
  type CampaignDraft,
  type DuplicateDraft,
  type FormErrors,
  followingRangeOf,
  nextMonthOf,
  type SalonDraft,
  validateCampaign,
  validateDuplicate,
} from './campaign-form';
import { periodText } from './campaign-text';
import { ruleSummary } from './components/bonus-scheme';
import { useFieldError } from './components/field-error';
import { MonthPicker } from './components/month-picker';
import { SalonPartEditor } from './components/salon-part-editor';
import type { TierMode } from './tiers';
import { useCampaignFilters } from './use-campaign-filters';

const TIER_MODES: readonly TierMode[] = ['STRAIGHT', 'SLIDING'];

/**
 * What a refused create or duplicate says: the server's own message, as is ("Campaign
 * insert and duplicate calls pass the raw error on"); a network failure is the generic one.
 */
export function rawErrorOf(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message)
      return body.message;
    return translateMessage(errorMessageOf(error));
  }
  return translateMessage(MESSAGES.failure);
}

/** /Incentive-New-Campaigs: a new campaign, or (?duplicateOf=id) a copy of one into another period. */
export default function NewCampaignScreen() {
  const { t } = useTranslation('campaigns');
  const [params] = useSearchParams();
  const titleId = useId();
  const sourceParam = Number(params.get('duplicateOf'));
  const sourceId = Number.isInteger(sourceParam) && sourceParam > 0 ? sourceParam : null;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 3 }, minWidth: 0, maxWidth: 1100 }}>
      <Typography id={titleId} variant="h5" component="h1" sx={{ mb: 2 }}>
        {sourceId === null ? t('form.newTitle') : t('form.duplicateTitle')}
      </Typography>
      {sourceId === null ? <CreateForm /> : <DuplicateForm sourceId={sourceId} />}
    </Box>
  );
}

/** After a save: the list of the new campaign's month, where it now shows. */
function useAfterSave() {
  const navigate = useNavigate();
  const { t } = useTranslation('campaigns');
  return (campaign: CampaignDetail, message: string) => {
    showMessage(t(message, { name: campaign.name }), 'success');
    const [year, month] = campaign.fromDate.split('-').map(Number);
    const salon = campaign.salons[0];
    navigate(`/Incentive-Campaigs?month=${month}&year=${year}${salon ? `&salonId=${salon.salonId}` : ''}`);
  };
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="fieldset">
      <Typography variant="subtitle1" component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The period fields: a calendar month or a date range. */
function PeriodFields({
  draft,
  today,
  errors,
  onChange,
}: {
  draft: DuplicateDraft;
  today: string | undefined;
  errors: FormErrors;
  onChange: (change: Partial<DuplicateDraft>) => void;
}) {
  const { t } = useTranslation('campaigns');
  const fieldError = useFieldError(errors);
  const fromError = fieldError('fromDate');
  const toError = fieldError('toDate');
  return (
    <>
      <RadioGroup
        row
        value={draft.periodKind}
        onChange={(event) => onChange({ periodKind: event.target.value as DuplicateDraft['periodKind'] })}
      >
        <FormControlLabel value="MONTH" control={<Radio />} label={t('form.periodMonth')} />
        <FormControlLabel value="RANGE" control={<Radio />} label={t('form.periodRange')} />
      </RadioGroup>
      {draft.periodKind === 'MONTH' ? (
        <MonthPicker value={{ month: draft.month, year: draft.year }} today={today} onChange={(next) => onChange(next)} />
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
          <Box>
            <DateField
              label={t('form.fromDate')}
              value={draft.fromDate}
              onChange={(fromDate) => onChange({ fromDate })}
              testId="campaign-from"
              required
            />
            {fromError.error ? (
              <Typography variant="caption" color="error" component="p" role="alert">
                {fromError.helperText}
              </Typography>
            ) : null}
          </Box>
          <Box>
            <DateField
              label={t('form.toDate')}
              value={draft.toDate}
              onChange={(toDate) => onChange({ toDate })}
              testId="campaign-to"
              required
            />
            {toError.error ? (
              <Typography variant="caption" color="error" component="p" role="alert">
                {toError.helperText}
              </Typography>
            ) : null}
          </Box>
        </Box>
      )}
      {errors.month ? (
        <Typography variant="caption" color="error" component="p" role="alert">
          {t(`errors.${errors.month}`)}
        </Typography>
      ) : null}
    </>
  );
}

/** STRAIGHT or SLIDING, each explained in words. */
function TierModeField({ value, onChange }: { value: TierMode; onChange: (mode: TierMode) => void }) {
  const { t } = useTranslation('campaigns');
  const labelId = useId();
  return (
    <FormControl sx={{ mt: 2 }}>
      <FormLabel id={labelId}>{t('form.tierMode')}</FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value as TierMode)}>
        {TIER_MODES.map((mode) => (
          <FormControlLabel
            key={mode}
            value={mode}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`tierMode.${mode}`)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`scheme.explain.${mode}`)} {t(`scheme.illustrate.${mode}`)}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** Submit and cancel, with the summary of what is wrong or the server's refusal above them. */
function FormActions({
  errorCount,
  serverError,
  isSaving,
  submitLabel,
}: {
  errorCount: number;
  serverError: string | null;
  isSaving: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <>
      {errorCount > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="form-invalid">
          {t('form.invalid', { count: errorCount })}
        </Alert>
      ) : null}
      {serverError ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="form-server-error">
          {serverError}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={isSaving}
          startIcon={isSaving ? <CircularProgress size={16} /> : undefined}
          data-testid="save-campaign"
        >
          {submitLabel}
        </Button>
        <Button component={RouterLink} to="/Incentive-Campaigs">
          {t('form.cancel')}
        </Button>
      </Stack>
    </>
  );
}

/** The salons a superadmin puts in a campaign (an ADMIN's is their own). */
function SalonChoice({
  chosen,
  onToggle,
}: {
  chosen: readonly SalonDraft[];
  onToggle: (salon: { id: number; name: string }, isIn: boolean) => void;
}) {
  const { t } = useTranslation('campaigns');
  const salons = useQuery(salonsQuery);
  return (
    <FormControl component="fieldset" sx={{ mb: 2 }}>
      <FormLabel component="legend">{t('form.salonsChoice')}</FormLabel>
      <FormGroup row>
        {(salons.data ?? []).map((salon) => (
          <FormControlLabel
            key={salon.id}
            control={
              <Checkbox checked={chosen.some((s) => s.salonId === salon.id)} onChange={(event) => onToggle(salon, event.target.checked)} />
            }
            label={salon.name}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

const newSalon = (salon: { id: number; name: string }): SalonDraft => ({
  salonId: salon.id,
  name: salon.name,
  target: '',
  staff: [],
  leaders: [],
  items: [],
});

function CreateForm() {
  const { t } = useTranslation('campaigns');
  const { isSuperadmin } = useAuth();
  const filters = useCampaignFilters({ isChainWide: false });
  const salons = useQuery(salonsQuery);
  const create = useCreateCampaign();
  const afterSave = useAfterSave();
  const [draft, setDraft] = useState<CampaignDraft | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const fieldError = useFieldError(errors);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The form starts once today and the salon are known: this month, the current salon.
  useEffect(() => {
    if (draft || !filters.today) return;
    const salon = salons.data?.find((s) => s.id === filters.salonId);
    setDraft({
      name: '',
      description: '',
      periodKind: 'MONTH',
      month: monthOf(filters.today),
      year: yearOf(filters.today),
      fromDate: filters.today,
      toDate: '',
      tierMode: 'STRAIGHT',
      salons: salon ? [newSalon(salon)] : [],
    });
  }, [draft, filters.today, filters.salonId, salons.data]);

  // After a first submit, every change is checked again, so a fixed field loses its mark at once.
  useEffect(() => {
    if (isSubmitted && draft) setErrors(validateCampaign(draft).errors);
  }, [isSubmitted, draft]);

  const setSalon = useCallback(
    (salonId: number, salon: SalonDraft) =>
      setDraft((current) => (current ? { ...current, salons: current.salons.map((s) => (s.salonId === salonId ? salon : s)) } : current)),
    [],
  );

  if (!draft) {
    return <CircularProgress aria-label={t('form.loading')} />;
  }
  const change = (next: Partial<CampaignDraft>) => setDraft({ ...draft, ...next });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    const { body, errors: found } = validateCampaign(draft);
    setErrors(found);
    if (!body) {
      // Bring the first wrong field into view.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus());
      return;
    }
    create.mutate(body, { onSuccess: (campaign) => afterSave(campaign, 'form.created') });
  };
  return (
    <form onSubmit={submit} noValidate ref={formRef} data-testid="campaign-form">
      <FormSection title={t('form.campaignSection')}>
        <TextField
          label={t('form.name')}
          value={draft.name}
          onChange={(event) => change({ name: event.target.value })}
          required
          fullWidth
          size="small"
          sx={{ mb: 2 }}
          {...fieldError('name', { max: 120 })}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-name-input', maxLength: 200 } }}
        />
        <TextField
          label={t('form.description')}
          value={draft.description}
          onChange={(event) => change({ description: event.target.value })}
          fullWidth
          multiline
          minRows={2}
          size="small"
          {...fieldError('description', { max: 2000 })}
        />
        <TierModeField value={draft.tierMode} onChange={(tierMode) => change({ tierMode })} />
      </FormSection>
      <FormSection title={t('form.periodSection')}>
        <PeriodFields draft={draft} today={filters.today} errors={errors} onChange={change} />
      </FormSection>
      <FormSection title={t('form.salonsSection')}>
        {isSuperadmin ? (
          <SalonChoice
            chosen={draft.salons}
            onToggle={(salon, isIn) =>
              change({ salons: isIn ? [...draft.salons, newSalon(salon)] : draft.salons.filter((s) => s.salonId !== salon.id) })
            }
          />
        ) : null}
        {errors.salons ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {t(`errors.${errors.salons}`)}
          </Alert>
        ) : null}
        {draft.salons.map((salon, index) => (
          <SalonPartEditor
            key={salon.salonId}
            salon={salon}
            index={index}
            errors={errors}
            tierMode={draft.tierMode}
            onChange={(next) => setSalon(salon.salonId, next)}
          />
        ))}
      </FormSection>
      <FormActions
        errorCount={Object.keys(errors).length}
        serverError={create.isError ? rawErrorOf(create.error) : null}
        isSaving={create.isPending}
        submitLabel={t('form.create')}
      />
    </form>
  );
}

function DuplicateForm({ sourceId }: { sourceId: number }) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const filters = useCampaignFilters({ isChainWide: true });
  const source = useCampaign(sourceId);
  const create = useCreateCampaign();
  const afterSave = useAfterSave();
  const [draft, setDraft] = useState<DuplicateDraft | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const data = source.data;

  // The copy's default period follows the source's: the next month, or the same span after its range.
  useEffect(() => {
    if (draft || !data) return;
    const next = nextMonthOf(data.fromDate);
    const range = followingRangeOf(data.fromDate, data.toDate);
    setDraft({ name: '', periodKind: data.month === null ? 'RANGE' : 'MONTH', ...next, ...range, tierMode: data.tierMode as TierMode });
  }, [draft, data]);

  useEffect(() => {
    if (isSubmitted && draft) setErrors(validateDuplicate(sourceId, draft).errors);
  }, [isSubmitted, draft, sourceId]);

  if (source.isError) {
    return (
      <Alert severity="error" data-testid="duplicate-source-error">
        {translateMessage(errorMessageOf(source.error))}
      </Alert>
    );
  }
  if (!data || !draft) return <CircularProgress aria-label={t('form.loading')} />;

  const change = (next: Partial<DuplicateDraft>) => setDraft({ ...draft, ...next });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    const { body, errors: found } = validateDuplicate(sourceId, draft);
    setErrors(found);
    if (body) create.mutate(body, { onSuccess: (campaign) => afterSave(campaign, 'form.duplicated') });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="duplicate-form">
      <FormSection title={t('form.sourceSection')}>
        <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="duplicate-source">
          {data.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {periodText(t, data, language)} · {t(`tierMode.${data.tierMode}`)}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('form.copies')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
          {data.salons.map((salon) => (
            <li key={salon.salonId}>
              {t('form.copiedSalon', {
                salon: salon.salonName,
                target: formatValue(salon.target, 'money', language),
                staff: data.staff.filter((s) => s.salonId === salon.salonId).length,
                leaders: data.teamLeaders.filter((s) => s.salonId === salon.salonId).length,
              })}
              <Box component="ul" sx={{ pl: 2 }}>
                {data.items
                  .filter((item) => item.salonId === salon.salonId)
                  .map((item) => (
                    <li key={item.itemRowId}>
                      {item.name}: {ruleSummary(t, item, data.tierMode as TierMode, language)}
                    </li>
                  ))}
              </Box>
            </li>
          ))}
        </Box>
      </FormSection>
      <FormSection title={t('form.periodSection')}>
        <PeriodFields draft={draft} today={filters.today} errors={errors} onChange={change} />
      </FormSection>
      <FormSection title={t('form.campaignSection')}>
        <TextField
          label={t('form.duplicateName')}
          value={draft.name}
          onChange={(event) => change({ name: event.target.value })}
          fullWidth
          size="small"
          helperText={errors.name ? t(`errors.${errors.name}`, { max: 120 }) : t('form.duplicateNameHint')}
          error={Boolean(errors.name)}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-name-input' } }}
        />
        <TierModeField value={draft.tierMode} onChange={(tierMode) => change({ tierMode })} />
      </FormSection>
      <FormActions
        errorCount={Object.keys(errors).length}
        serverError={create.isError ? rawErrorOf(create.error) : null}
        isSaving={create.isPending}
        submitLabel={t('form.duplicate')}
      />
    </form>
  );
}
