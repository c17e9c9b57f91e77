import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { ScreenLoader } from '../screen-loader';
import { type LayoutMode, useSettings, WIDTHS } from '../settings';
import { Footer } from './footer';
import { NavbarHorizontal } from './navbar-horizontal';
import { MobileNavbar, NavbarVertical } from './navbar-vertical';
import { QuickPanel } from './quick-panel';
import { NavigationSearch } from './search';
import { SettingsPanel } from './settings-panel';
import { ShellStateProvider } from './shell-state';
import { Toolbar } from './toolbar';
import { useLeaveSalonLink } from './use-navigation';

function Content({ mode }: { mode: LayoutMode }) {
  return (
    <Box
      component="main"
      id="main-content"
      sx={{ flex: 1, minWidth: 0, width: '100%', maxWidth: mode === 'container' ? WIDTHS.container : undefined, mx: 'auto' }}
    >
      <Suspense fallback={<ScreenLoader />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

/** Boxed mode: the whole layout in a 1280 px box on the page background. */
function Frame({ mode, children }: { mode: LayoutMode; children: ReactNode }) {
  return (
    <Box sx={{ bgcolor: mode === 'boxed' ? '#cfd8dc' : 'background.default', minHeight: '100vh' }}>
      <Box
        sx={{
          maxWidth: mode === 'boxed' ? WIDTHS.boxed : undefined,
          mx: 'auto',
          minHeight: '100vh',
          bgcolor: 'background.default',
          boxShadow: mode === 'boxed' ? 6 : 0,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

function Layout1({ isMobile, mode }: { isMobile: boolean; mode: LayoutMode }) {
  return (
    <Frame mode={mode}>
      <Box sx={{ display: 'flex', flex: 1, minHeight: '100vh' }}>
        <NavbarVertical isMobile={isMobile} />
        <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
          <Toolbar isMobile={isMobile} />
          <Content mode={mode} />
          <Footer />
        </Box>
      </Box>
    </Frame>
  );
}

function Layout2({ isMobile, mode }: { isMobile: boolean; mode: LayoutMode }) {
  return (
    <Frame mode={mode}>
      <Toolbar isMobile={isMobile} showLogo />
      {isMobile ? <MobileNavbar /> : <NavbarHorizontal />}
      <Content mode={mode} />
      <Footer />
    </Frame>
  );
}

function Layout3({ isMobile, mode }: { isMobile: boolean; mode: LayoutMode }) {
  return (
    <Frame mode={mode}>
      <Toolbar isMobile={isMobile} showSearch={false} showLogo />
      {isMobile ? <MobileNavbar /> : <NavbarHorizontal dense end={<NavigationSearch width={200} />} />}
      <Content mode={mode} />
      <Footer />
    </Frame>
  );
}

/** The shell: one of the three layouts in one of the three modes, and the side panels. */
export function ShellLayout() {
  const { settings } = useSettings();
  const isMobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'), { noSsr: true });
  const { style, config } = settings.layout;
  const Layout = style === 'layout2' ? Layout2 : style === 'layout3' ? Layout3 : Layout1;
  useLeaveSalonLink();
  return (
    <ShellStateProvider>
      <Box data-testid="shell" data-layout={style} data-mode={config.mode}>
        <Layout isMobile={isMobile} mode={config.mode} />
      </Box>
      <QuickPanel />
      <SettingsPanel />
    </ShellStateProvider>
  );
}
