import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatDateInput, toIsoDate } from '../../components/format/dates';
import { useAuth } from '../../lib/auth';
import { describeFailure } from '../../lib/failure';
import { salonsQuery, useSalonToday } from '../../lib/salon-today';
import { showMessage } from '../../lib/snackbar';
import { type UserRow, useUserMutations, useUsers } from './api/use-users';
import { EndEmploymentDialog, ResetPasswordDialog, RolesDialog } from './user-dialogs';
import { UserFormDialog } from './user-form-dialog';
import { displayName, EMPTY_USER_FORM, formatInstant, type UserFormValues, type UserPayload } from './users-rules';

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; user: UserRow }
  | { kind: 'password'; user: UserRow }
  | { kind: 'end'; user: UserRow }
  | { kind: 'roles'; user: UserRow }
  | null;

const userRowId = (user: UserRow) => String(user.userId);

function formValuesOf(user: UserRow): UserFormValues {
  return {
    ...EMPTY_USER_FORM,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    email: user.email,
    title: user.title,
    note: user.note,
    gender: user.gender ?? '',
    employmentStart: formatDateInput(user.employmentStart ?? ''),
    employmentEnd: formatDateInput(user.employmentEnd ?? ''),
    language: user.language,
    salonId: user.salonId === null ? '' : String(user.salonId),
    annualDaysOff: String(user.annualDaysOff),
    roles: [...user.role],
  };
}

/** /users: the staff of the manager's salon (a superadmin's: every salon, filterable), with their accounts and roles. */
export default function UsersScreen() {
  const { t, i18n } = useTranslation('users');
  const { user: me, roles, isSuperadmin } = useAuth();
  const [salonFilter, setSalonFilter] = useState<string>('');
  const salonId = isSuperadmin ? (salonFilter ? Number(salonFilter) : null) : (me?.salonId ?? null);
  const users = useUsers(isSuperadmin ? salonId : null);
  const salons = useQuery(salonsQuery);
  const today = useSalonToday(me?.salonId ?? salonId) ?? toIsoDate(new Date());
  const { create, update } = useUserMutations();
  const [open, setOpen] = useState<Open>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: UserRow } | null>(null);
  const salonName = useMemo(() => new Map((salons.data ?? []).map((salon) => [salon.id, salon.name])), [salons.data]);
  const caller = { userId: me?.userId ?? 0, roles };

  const close = () => {
    setOpen(null);
    setFormProblem(null);
  };

  const submitForm = (payload: UserPayload) => {
    setFormProblem(null);
    if (open?.kind === 'create') {
      const { password = '', ...rest } = payload;
      create.mutate(
        { ...rest, password },
        {
          onSuccess: (created) => {
            showMessage(t('form.created', { name: displayName(created) }), 'success');
            close();
          },
          onError: (error) => setFormProblem(describeFailure(error, 'Unable to create user')),
        },
      );
    } else if (open?.kind === 'edit') {
      const { permissionIds: _ignored, password: _none, salonId: movedTo, ...rest } = payload;
      const body = isSuperadmin ? { ...rest, salonId: movedTo } : rest;
      update.mutate(
        { userId: open.user.userId, body },
        {
          onSuccess: (saved) => {
            showMessage(t('form.saved', { name: displayName(saved) }), 'success');
            close();
          },
          onError: (error) => setFormProblem(describeFailure(error, 'Unable to update user')),
        },
      );
    }
  };

  const columns = useMemo<DataTableColumn<UserRow>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        value: (u) => `${u.lastName} ${u.firstName}`.trim() || u.username,
        text: (u) => displayName(u),
        cell: (u) => displayName(u),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        value: () => null,
        isSortable: false,
        isFilterable: false,
        isExportable: false,
        cell: (u) => (
          <IconButton
            size="small"
            aria-label={t('actionsFor', { name: displayName(u) })}
            data-testid={`user-actions-${u.username}`}
            onClick={(event) => setMenu({ anchor: event.currentTarget, user: u })}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        ),
      },
      { id: 'username', header: t('columns.username'), value: (u) => u.username },
      ...(isSuperadmin
        ? [
            {
              id: 'salon',
              header: t('columns.salon'),
              value: (u: UserRow) => (u.salonId === null ? t('form.chainLevel') : (salonName.get(u.salonId) ?? String(u.salonId))),
            },
          ]
        : []),
      { id: 'title', header: t('columns.title'), value: (u) => u.title },
      {
        id: 'roles',
        header: t('columns.roles'),
        value: (u) => u.role.map((role) => t(`roles.${role}`)).join(', '),
        cell: (u) => (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
            {u.role.length === 0 ? '–' : u.role.map((role) => <Chip key={role} size="small" label={t(`roles.${role}`)} />)}
          </Stack>
        ),
      },
      { id: 'employmentStart', header: t('columns.employmentStart'), value: (u) => u.employmentStart, kind: 'date' },
      { id: 'employmentEnd', header: t('columns.employmentEnd'), value: (u) => u.employmentEnd, kind: 'date' },
      { id: 'annualDaysOff', header: t('columns.annualDaysOff'), value: (u) => u.annualDaysOff, kind: 'number' },
      {
        id: 'lastSignIn',
        header: t('columns.lastSignIn'),
        value: (u) => u.lastSignInAt,
        text: (u) => (u.lastSignInAt ? formatInstant(u.lastSignInAt, i18n.language) : t('never')),
      },
      {
        id: 'active',
        header: t('columns.active'),
        value: (u) => (u.isActive ? t('active') : t('inactive')),
        cell: (u) =>
          u.isActive ? (
            <Chip size="small" color="success" variant="outlined" label={t('active')} />
          ) : (
            <Chip size="small" variant="outlined" label={t('inactive')} />
          ),
      },
    ],
    [t, i18n.language, isSuperadmin, salonName],
  );

  const act = (kind: 'edit' | 'password' | 'end' | 'roles') => {
    if (menu) setOpen({ kind, user: menu.user });
    setMenu(null);
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }} data-testid="users-screen">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography component="h1" variant="h5">
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{isSuperadmin ? t('subtitleChain') : t('subtitleSalon')}</Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {isSuperadmin && (
            <TextField
              select
              size="small"
              label={t('salonFilter')}
              value={salonFilter}
              onChange={(event) => setSalonFilter(event.target.value)}
              sx={{ minWidth: 200 }}
              slotProps={{ htmlInput: { 'data-testid': 'users-salon-filter' } }}
            >
              <MenuItem value="">{t('allSalons')}</MenuItem>
              {(salons.data ?? []).map((salon) => (
                <MenuItem key={salon.id} value={String(salon.id)}>
                  {salon.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button
            variant="contained"
            color="secondary"
            startIcon={<PersonAddIcon />}
            onClick={() => setOpen({ kind: 'create' })}
            data-testid="user-create"
          >
            {t('create')}
          </Button>
        </Stack>
      </Stack>
      <Paper sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, overflow: 'hidden' }}>
        {users.isPending && <LinearProgress aria-label={t('loading')} />}
        {users.isError && (
          <Alert severity="error" data-testid="users-error" action={<Button onClick={() => void users.refetch()}>{t('retry')}</Button>}>
            {describeFailure(users.error, 'Unable to fetch staff list')}
          </Alert>
        )}
        {users.isSuccess && (
          <DataTable
            label={t('tableLabel')}
            columns={columns}
            data={users.data}
            getRowId={userRowId}
            initialSorting={[{ id: 'name', desc: false }]}
          />
        )}
      </Paper>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => act('edit')} data-testid="user-action-edit">
          {t('actions.edit')}
        </MenuItem>
        <MenuItem onClick={() => act('roles')} data-testid="user-action-roles">
          {t('actions.roles')}
        </MenuItem>
        <MenuItem onClick={() => act('password')} data-testid="user-action-password">
          {t('actions.password')}
        </MenuItem>
        <MenuItem onClick={() => act('end')} data-testid="user-action-end">
          {t('actions.end')}
        </MenuItem>
      </Menu>
      {(open?.kind === 'create' || open?.kind === 'edit') && (
        <UserFormDialog
          mode={open.kind}
          initial={
            open.kind === 'edit'
              ? formValuesOf(open.user)
              : // A new person starts in the language of the manager who adds them.
                {
                  ...EMPTY_USER_FORM,
                  language: i18n.language.startsWith('en') ? 'en' : 'it',
                  salonId: salonId === null ? '' : String(salonId),
                }
          }
          salons={salons.data ?? []}
          callerRoles={roles}
          isSuperadmin={isSuperadmin}
          problem={formProblem}
          isPending={create.isPending || update.isPending}
          onSubmit={submitForm}
          onClose={close}
        />
      )}
      {open?.kind === 'password' && <ResetPasswordDialog user={open.user} onClose={close} />}
      {open?.kind === 'end' && <EndEmploymentDialog user={open.user} today={today} onClose={close} />}
      {open?.kind === 'roles' && <RolesDialog user={open.user} caller={caller} onClose={close} />}
    </Box>
  );
}
