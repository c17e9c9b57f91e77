import CloseIcon from '@mui/icons-material/Close';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo/logo';
import { useAuth } from '../../lib/auth';
import { useSettings, WIDTHS } from '../settings';
import { getTheme } from '../theme';
import { NavigationTree } from './navigation-tree';
import { useShellState } from './shell-state';
import { useNavigation } from './use-navigation';

/** A folded navbar opens on hover after 150 ms. */
const HOVER_OPEN_MS = 150;

function NavbarContent({ folded, mobile, onClose }: { folded: boolean; mobile: boolean; onClose?: () => void }) {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const { settings, setNavbarFolded } = useSettings();
  const { tree } = useNavigation();
  const isFoldedSetting = settings.layout.config.navbar.folded;
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        bgcolor: 'background.default',
        color: 'text.primary',
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: folded ? 1.5 : 2, minHeight: 64 }}>
        <Logo size={32} />
        {!folded && (
          <Typography sx={{ fontWeight: 700, flex: 1, whiteSpace: 'nowrap' }} component="span">
            {t('appName')}
          </Typography>
        )}
        {!folded && !mobile && (
          <IconButton
            color="inherit"
            size="small"
            onClick={() => setNavbarFolded(!isFoldedSetting)}
            aria-label={isFoldedSetting ? t('navbar.unfold') : t('navbar.fold')}
            aria-pressed={isFoldedSetting}
            data-testid="navbar-fold-toggle"
          >
            <MenuOpenIcon sx={{ transform: isFoldedSetting ? 'rotate(180deg)' : undefined }} />
          </IconButton>
        )}
        {mobile && (
          <IconButton color="inherit" size="small" onClick={onClose} aria-label={t('navbar.close')}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      {!folded && user && (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', py: 2, gap: 0.5 }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
            {`${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() || '?'}
          </Avatar>
          <Typography sx={{ fontWeight: 600 }}>{`${user.firstName} ${user.lastName}`}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {user.email}
          </Typography>
        </Box>
      )}
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <NavigationTree items={tree} folded={folded} onNavigate={mobile ? onClose : undefined} />
      </Box>
    </Box>
  );
}

/**
 * The vertical navbar of layout1: 230 px, folded to 64 px (opening over the content on hover
 * after 150 ms); below the desktop breakpoint a drawer that a swipe left closes.
 */
export function NavbarVertical({ isMobile }: { isMobile: boolean }) {
  const { settings } = useSettings();
  const folded = settings.layout.config.navbar.folded;
  const [hoverOpen, setHoverOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const theme = getTheme(settings.theme.navbar);
  if (isMobile) return <MobileNavbar />;
  if (!settings.layout.config.navbar.display) return null;

  const narrow = folded && !hoverOpen;
  return (
    <ThemeProvider theme={theme}>
      <Box
        component="aside"
        sx={{ width: folded ? WIDTHS.navbarFolded : WIDTHS.navbar, flexShrink: 0, position: 'relative', transition: 'width 150ms' }}
        data-testid="navbar"
        data-folded={folded}
      >
        <Box
          onMouseEnter={() => {
            if (!folded) return;
            timer.current = setTimeout(() => setHoverOpen(true), HOVER_OPEN_MS);
          }}
          onMouseLeave={() => {
            if (timer.current) clearTimeout(timer.current);
            setHoverOpen(false);
          }}
          sx={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            width: narrow ? WIDTHS.navbarFolded : WIDTHS.navbar,
            zIndex: (t) => t.zIndex.drawer,
            boxShadow: folded && hoverOpen ? 8 : 0,
            transition: 'width 150ms',
          }}
          data-testid="navbar-panel"
          data-open={!narrow}
        >
          <NavbarContent folded={narrow} mobile={false} />
        </Box>
      </Box>
    </ThemeProvider>
  );
}

/** The navbar below the desktop breakpoint (every layout): a drawer that a swipe left closes. */
export function MobileNavbar() {
  const { settings } = useSettings();
  const { mobileNavOpen, setMobileNavOpen } = useShellState();
  return (
    <ThemeProvider theme={getTheme(settings.theme.navbar)}>
      <SwipeableDrawer
        anchor="left"
        open={mobileNavOpen}
        onOpen={() => setMobileNavOpen(true)}
        onClose={() => setMobileNavOpen(false)}
        disableSwipeToOpen
        slotProps={{ paper: { sx: { width: WIDTHS.navbar }, 'data-testid': 'mobile-navbar' } as object }}
      >
        <NavbarContent folded={false} mobile onClose={() => setMobileNavOpen(false)} />
      </SwipeableDrawer>
    </ThemeProvider>
  );
}
