import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FULL_CAPACITY_LIMITS } from '@salon/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatValue } from '../../components/format/number-format';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { ApiError, errorMessageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { translateMessage } from '../../lib/i18n';
import { showMessage } from '../../lib/snackbar';
import { type CapacitySetting, useCapacitySetting, useSaveCapacitySetting } from './api/use-capacity';
import { type CapacityField, capacityTextsOf, validateCapacitySetting } from './capacity-setting-form';

const FIELDS: CapacityField[] = ['numberOfPeople', 'averageHourly'];

/** /full-capacity-setting: the salon's number of people and average hourly revenue, which cost the capacity report. */
export default function FullCapacitySettingScreen() {
  const { t } = useTranslation('full-capacity');
  const filters = useReportFilters();
  const setting = useCapacitySetting(filters.salonId);

  return (
    <ReportFrame title={t('setting.title')} filters={filters} {...reportStateOf(setting, () => false)} showDates={false}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {t('setting.intro')}
      </Typography>
      {setting.data ? <SettingForm key={setting.data.salonId} setting={setting.data} /> : null}
    </ReportFrame>
  );
}

function SettingForm({ setting }: { setting: CapacitySetting }) {
  const { t, i18n } = useTranslation('full-capacity');
  const language = i18n.language;
  const { roles } = useAuth();
  // The API saves for ADMIN (own salon) and SUPERADMIN (REPORT_ACCESS.admin); anyone else only reads.
  const canSave = roles.includes('ADMIN') || roles.includes('SUPERADMIN');
  const save = useSaveCapacitySetting(setting.salonId);
  const [texts, setTexts] = useState(() => capacityTextsOf(setting, language));
  const [errors, setErrors] = useState<Partial<Record<CapacityField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // Stored values (after a save, or read again) and a language switch refill the form.
  useEffect(() => setTexts(capacityTextsOf(setting, language)), [setting, language]);

  const limitMessage = (field: CapacityField) =>
    field === 'numberOfPeople'
      ? t('setting.error.numberOfPeople', { max: formatValue(FULL_CAPACITY_LIMITS.numberOfPeopleMax, 'integer', language) })
      : t('setting.error.averageHourly', { max: formatValue(FULL_CAPACITY_LIMITS.averageHourlyMax, 'integer', language) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setFormError(null);
    const { input, errors: found } = validateCapacitySetting(texts);
    setErrors(Object.fromEntries(Object.keys(found).map((field) => [field, limitMessage(field as CapacityField)])));
    if (!input) return;
    try {
      await save.mutateAsync(input);
      showMessage(t('setting.saved'), 'success');
    } catch (error) {
      const message = translateMessage(errorMessageOf(error));
      // A 400 names the field it refuses (numberOfPeople, averageHourly): show it there.
      const parameter =
        error instanceof ApiError && typeof error.body === 'object' && error.body && 'parameter' in error.body
          ? String(error.body.parameter)
          : '';
      const field = FIELDS.find((name) => parameter.endsWith(name));
      if (field) setErrors({ [field]: message });
      else setFormError(message);
    }
  };

  const fieldProps = (field: CapacityField) => ({
    value: texts[field],
    onChange: (event: { target: { value: string } }) => setTexts((previous) => ({ ...previous, [field]: event.target.value })),
    error: errors[field] !== undefined,
    helperText: errors[field] ?? t(`setting.help.${field}`),
    disabled: !canSave || save.isPending,
    fullWidth: true,
    label: t(`setting.field.${field}`),
  });

  return (
    <Card
      variant="outlined"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="capacity-setting-title"
      sx={{ maxWidth: 560 }}
      data-testid="capacity-setting-form"
    >
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Typography id="capacity-setting-title" variant="h6" component="h2">
            {t('setting.formTitle')}
          </Typography>
          <Chip
            size="small"
            data-testid="setting-state"
            label={setting.isDefault ? t('setting.default') : t('setting.stored')}
            color={setting.isDefault ? 'default' : 'primary'}
          />
        </Stack>
        {canSave ? null : (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('setting.readOnly')}
          </Alert>
        )}
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Stack sx={{ gap: 2 }}>
          <TextField
            {...fieldProps('numberOfPeople')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'field-numberOfPeople' } }}
          />
          <TextField
            {...fieldProps('averageHourly')}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'field-averageHourly' } }}
          />
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 2, mt: 2 }}>
          <Link component={RouterLink} to="/capacity-showData">
            {t('setting.openReport')}
          </Link>
          {canSave ? (
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="save-capacity-setting">
              {save.isPending ? t('setting.saving') : t('setting.save')}
            </Button>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
