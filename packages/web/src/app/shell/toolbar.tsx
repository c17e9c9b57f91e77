import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import SettingsIcon from '@mui/icons-material/Settings';
import ViewSidebarIcon from '@mui/icons-material/ViewSidebar';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import MuiToolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo/logo';
import { LanguageSwitcher } from '../../lib/language-switcher';
import { useSettings } from '../settings';
import { getTheme } from '../theme';
import { NavigationSearch } from './search';
import { useShellState } from './shell-state';
import { ShortcutsBar } from './shortcuts';
import { UserMenu } from './user-menu';

/**
 * The toolbar: mobile menu button, shortcuts, search, language, quick panel, theme settings, user menu.
 * Below the lg breakpoint (390 px phones included) the search is a button that opens the search
 * field in a row of its own under the toolbar, in every layout.
 */
export function Toolbar({
  isMobile,
  showSearch = true,
  showLogo = false,
}: {
  isMobile: boolean;
  showSearch?: boolean;
  showLogo?: boolean;
}) {
  const { t } = useTranslation('shell');
  const { settings } = useSettings();
  const { setMobileNavOpen, setQuickPanelOpen, setSettingsPanelOpen } = useShellState();
  const [searchOpen, setSearchOpen] = useState(false);
  if (!settings.layout.config.toolbar.display) return null;
  const mobileSearchOpen = isMobile && searchOpen;
  return (
    <ThemeProvider theme={getTheme(settings.theme.toolbar)}>
      <AppBar position="sticky" elevation={1} sx={{ bgcolor: 'background.paper', color: 'text.primary' }} data-testid="toolbar">
        <MuiToolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 }, px: { xs: 1, sm: 2 } }}>
          {isMobile && (
            <IconButton
              color="inherit"
              edge="start"
              onClick={() => setMobileNavOpen(true)}
              aria-label={t('navbar.open')}
              data-testid="mobile-menu-button"
            >
              <MenuIcon />
            </IconButton>
          )}
          {showLogo && !isMobile && <Logo size={32} />}
          <ShortcutsBar />
          <Box sx={{ flex: 1 }} />
          {showSearch && !isMobile && <NavigationSearch />}
          {isMobile && (
            // No tooltip: on a phone it would cover the search row it opens.
            <IconButton
              color="inherit"
              onClick={() => setSearchOpen(!searchOpen)}
              aria-label={t(searchOpen ? 'search.close' : 'search.open')}
              aria-expanded={searchOpen}
              aria-controls="mobile-search"
              data-testid="mobile-search-toggle"
            >
              {searchOpen ? <CloseIcon /> : <SearchIcon />}
            </IconButton>
          )}
          <LanguageSwitcher />
          <Tooltip title={t('quickPanel.open')}>
            <IconButton
              color="inherit"
              onClick={() => setQuickPanelOpen(true)}
              aria-label={t('quickPanel.open')}
              data-testid="quick-panel-toggle"
            >
              <ViewSidebarIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('settings.open')}>
            <IconButton
              color="inherit"
              onClick={() => setSettingsPanelOpen(true)}
              aria-label={t('settings.open')}
              data-testid="settings-toggle"
            >
              <SettingsIcon />
            </IconButton>
          </Tooltip>
          <UserMenu />
        </MuiToolbar>
        {mobileSearchOpen && (
          <Box id="mobile-search" sx={{ px: 1, pb: 1 }} data-testid="mobile-search">
            <NavigationSearch width="100%" autoFocus onOpen={() => setSearchOpen(false)} />
          </Box>
        )}
      </AppBar>
    </ThemeProvider>
  );
}
