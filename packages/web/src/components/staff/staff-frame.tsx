import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { useCurrentSalon } from '../../lib/current-salon';
import { salonsQuery } from '../../lib/salon-today';
import { SalonPicker } from '../report-frame/salon-picker';

export interface StaffSalon {
  /** The salon the staff screens show: the caller's own, or the superadmin's chosen one (lib/current-salon.ts). */
  salonId: number | null;
  /** The salon's IANA time zone (every time on the staff screens is the salon's wall clock). */
  timeZone: string;
  /** Today in the salon (lib/salon-today.ts); undefined while the salon list loads. */
  today: string | undefined;
  /** ADMIN (their salon) or SUPERADMIN: plans shifts, manages days off, decides requests. */
  canManage: boolean;
  /** The signed-in user's id. */
  myUserId: number | null;
  /** The caller works in a salon (a chain-level superadmin has no shifts, days off or requests of their own). */
  hasOwnSalon: boolean;
}

/** The salon, its clock and the caller's rights, as every staff screen needs them. */
export function useStaffSalon(): StaffSalon {
  const { user, roles, isSuperadmin } = useAuth();
  const { salonId } = useCurrentSalon();
  const salons = useQuery({ ...salonsQuery, enabled: salonId !== null });
  const salon = salons.data?.find((item) => item.id === salonId);
  return {
    salonId,
    timeZone: salon?.timeZone ?? 'Europe/Rome',
    today: salonId === null ? undefined : salon?.today,
    canManage: isSuperadmin || roles.includes('ADMIN'),
    myUserId: user?.userId ?? null,
    hasOwnSalon: user?.salonId !== null && user?.salonId !== undefined,
  };
}

/**
 * The frame of a staff screen: its title, the salon picker for a superadmin (as in the report
 * frame), actions beside the title, and the screen; without a salon it asks for one.
 */
export function StaffFrame({
  title,
  actions,
  testId,
  children,
}: {
  title: string;
  actions?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('staff');
  const titleId = useId();
  const { isSuperadmin } = useAuth();
  const { salonId, setSalonId } = useCurrentSalon();
  return (
    <Box component="section" aria-labelledby={titleId} data-testid={testId} sx={{ p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id={titleId} variant="h5" component="h1">
          {title}
        </Typography>
        {salonId !== null && actions ? (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
      {isSuperadmin ? (
        <Box sx={{ mb: 2 }}>
          <SalonPicker salonId={salonId} onChange={setSalonId} />
        </Box>
      ) : null}
      {salonId === null ? <Alert severity="info">{t('common.chooseSalon')}</Alert> : children}
    </Box>
  );
}
