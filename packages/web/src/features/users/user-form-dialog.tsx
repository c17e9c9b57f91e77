import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Role } from '@salon/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormErrors, grantableRoles, type UserFormValues, type UserPayload, validateUserForm } from './users-rules';

export interface UserFormDialogProps {
  mode: 'create' | 'edit';
  initial: UserFormValues;
  salons: readonly { id: number; name: string }[];
  callerRoles: readonly Role[];
  isSuperadmin: boolean;
  /** The fixed failure message of the last submit, already described. */
  problem: string | null;
  isPending: boolean;
  onSubmit: (payload: UserPayload) => void;
  onClose: () => void;
}

type TextKey = Exclude<keyof UserFormValues, 'roles' | 'gender' | 'language' | 'salonId'>;

/** Creating (every User field and the roles) or editing a user. */
export function UserFormDialog({
  mode,
  initial,
  salons,
  callerRoles,
  isSuperadmin,
  problem,
  isPending,
  onSubmit,
  onClose,
}: UserFormDialogProps) {
  const { t } = useTranslation('users');
  const fullScreen = useMediaQuery('(max-width:600px)');
  const [values, setValues] = useState<UserFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateUserForm(values, mode, { isSuperadmin });
    setErrors(checked.errors);
    if (checked.payload) onSubmit(checked.payload);
  };

  const field = (
    key: TextKey,
    options: { type?: string; autoComplete?: string; required?: boolean; multiline?: boolean; helper?: string } = {},
  ) => {
    const error = errors[key];
    return (
      <TextField
        key={key}
        size="small"
        label={t(`form.${key}`)}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
        type={options.type}
        autoComplete={options.autoComplete ?? 'off'}
        required={options.required}
        multiline={options.multiline}
        minRows={options.multiline ? 2 : undefined}
        error={!!error}
        helperText={error ? t(`form.errors.${error}`) : options.helper}
        slotProps={{ htmlInput: { 'data-testid': `user-field-${key}` } }}
        sx={options.multiline ? { gridColumn: '1 / -1' } : undefined}
      />
    );
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="user-form-title">
      <Box component="form" onSubmit={submit} noValidate data-testid="user-form">
        <DialogTitle id="user-form-title">{mode === 'create' ? t('form.createTitle') : t('form.editTitle')}</DialogTitle>
        <DialogContent>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="user-form-problem">
              {problem}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
            {field('firstName', { autoComplete: 'off', required: mode === 'create' })}
            {field('lastName', { required: mode === 'create' })}
            {field('username', { required: true, helper: t('form.usernameHelp') })}
            {mode === 'create' &&
              field('password', { type: 'password', autoComplete: 'new-password', required: true, helper: t('form.passwordHelp') })}
            {field('email', { type: 'email' })}
            {field('phoneNumber', { type: 'tel' })}
            {field('title')}
            <TextField
              select
              size="small"
              label={t('form.gender')}
              value={values.gender}
              onChange={(event) => set('gender', event.target.value as UserFormValues['gender'])}
            >
              <MenuItem value="">{t('form.genderNone')}</MenuItem>
              <MenuItem value="FEMALE">{t('form.genderFemale')}</MenuItem>
              <MenuItem value="MALE">{t('form.genderMale')}</MenuItem>
            </TextField>
            {field('employmentStart', { helper: t('components:dateField.placeholder') })}
            {field('employmentEnd', { helper: t('components:dateField.placeholder') })}
            {field('annualDaysOff', { type: 'text', helper: t('form.annualDaysOffHelp') })}
            <TextField
              select
              size="small"
              label={t('form.language')}
              value={values.language}
              onChange={(event) => set('language', event.target.value as UserFormValues['language'])}
            >
              <MenuItem value="it">Italiano</MenuItem>
              <MenuItem value="en">English</MenuItem>
            </TextField>
            {isSuperadmin && (
              <TextField
                select
                size="small"
                label={t('form.salonId')}
                value={values.salonId}
                onChange={(event) => set('salonId', event.target.value)}
                error={!!errors.salonId}
                helperText={errors.salonId ? t(`form.errors.${errors.salonId}`) : undefined}
                slotProps={{ htmlInput: { 'data-testid': 'user-field-salonId' } }}
              >
                <MenuItem value="">{t('form.chainLevel')}</MenuItem>
                {salons.map((salon) => (
                  <MenuItem key={salon.id} value={String(salon.id)}>
                    {salon.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {field('note', { multiline: true })}
          </Box>
          {mode === 'create' && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
              <FormLabel component="legend">{t('form.roles')}</FormLabel>
              <FormGroup row>
                {grantableRoles(callerRoles).map((role) => (
                  <FormControlLabel
                    key={role}
                    label={t(`roles.${role}`)}
                    control={
                      <Checkbox
                        checked={values.roles.includes(role)}
                        onChange={(event) =>
                          set('roles', event.target.checked ? [...values.roles, role] : values.roles.filter((r) => r !== role))
                        }
                        slotProps={{ input: { 'aria-label': t(`roles.${role}`), 'data-testid': `user-role-${role}` } as object }}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {!isSuperadmin && (
                <Alert severity="info" sx={{ mt: 1 }}>
                  {t('limits.superadminOnly')}
                </Alert>
              )}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" color="secondary" disabled={isPending} data-testid="user-form-save">
            {mode === 'create' ? t('form.create') : t('form.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
