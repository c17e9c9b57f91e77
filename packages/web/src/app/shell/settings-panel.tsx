import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  type AppSettings,
  LAYOUT_MODES,
  LAYOUT_STYLES,
  type LayoutMode,
  type LayoutStyle,
  useSettings,
  WIDTHS,
  withLayoutStyle,
} from '../settings';
import { getTheme, THEME_NAMES, type ThemeName } from '../theme';
import { useShellState } from './shell-state';

function ThemeChoice({
  label,
  value,
  onChange,
  name,
}: {
  label: string;
  value: ThemeName;
  name: string;
  onChange: (theme: ThemeName) => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <FormControl component="fieldset" sx={{ mb: 2, width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Box role="radiogroup" aria-label={label} sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 }}>
        {THEME_NAMES.map((theme) => {
          const palette = getTheme(theme).palette;
          const selected = theme === value;
          return (
            <Box
              key={theme}
              component="button"
              type="button"
              role="radio"
              aria-checked={selected}
              data-testid={`theme-${name}-${theme}`}
              onClick={() => onChange(theme)}
              sx={{
                cursor: 'pointer',
                border: 2,
                borderColor: selected ? 'secondary.main' : 'divider',
                borderRadius: 1,
                p: 0,
                overflow: 'hidden',
                bgcolor: palette.background.default,
                color: palette.text.primary,
                height: 56,
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'flex-end',
                font: 'inherit',
              }}
            >
              <Box sx={{ height: 8, bgcolor: palette.secondary.main }} />
              <Box component="span" sx={{ fontSize: 11, py: 0.5, bgcolor: palette.background.paper }}>
                {t(`settings.themes.${theme}`)}
              </Box>
            </Box>
          );
        })}
      </Box>
    </FormControl>
  );
}

/** The theme settings side panel (380 px): layout style, mode, the four themes; every change applies at once. */
export function SettingsPanel() {
  const { t } = useTranslation('shell');
  const { settings, changeSettings } = useSettings();
  const { settingsPanelOpen, setSettingsPanelOpen } = useShellState();
  const config = settings.layout.config;
  const setConfig = (patch: Partial<AppSettings['layout']['config']>) =>
    changeSettings({ ...settings, layout: { ...settings.layout, config: { ...config, ...patch } } });
  const setTheme = (key: keyof AppSettings['theme']) => (theme: ThemeName) =>
    changeSettings({ ...settings, theme: { ...settings.theme, [key]: theme } });

  return (
    <Drawer
      anchor="right"
      open={settingsPanelOpen}
      onClose={() => setSettingsPanelOpen(false)}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: WIDTHS.settingsPanel } } } }}
    >
      <Box sx={{ p: 3 }} data-testid="settings-panel">
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
          <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
            {t('settings.title')}
          </Typography>
          <IconButton onClick={() => setSettingsPanelOpen(false)} aria-label={t('settings.close')}>
            <CloseIcon />
          </IconButton>
        </Box>
        <FormControl component="fieldset" sx={{ mb: 2 }}>
          <FormLabel component="legend">{t('settings.layoutStyle')}</FormLabel>
          <RadioGroup
            row
            value={settings.layout.style}
            onChange={(event) => changeSettings(withLayoutStyle(settings, event.target.value as LayoutStyle))}
            name="layout-style"
          >
            {LAYOUT_STYLES.map((style) => (
              <FormControlLabel
                key={style}
                value={style}
                control={<Radio data-testid={`layout-${style}`} />}
                label={t(`settings.layouts.${style}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl component="fieldset" sx={{ mb: 2 }}>
          <FormLabel component="legend">{t('settings.mode')}</FormLabel>
          <RadioGroup
            row
            value={config.mode}
            onChange={(event) => setConfig({ mode: event.target.value as LayoutMode })}
            name="layout-mode"
          >
            {LAYOUT_MODES.map((mode) => (
              <FormControlLabel
                key={mode}
                value={mode}
                control={<Radio data-testid={`mode-${mode}`} />}
                label={t(`settings.modes.${mode}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {settings.layout.style === 'layout1' && (
          <FormControlLabel
            sx={{ mb: 2, display: 'flex' }}
            control={
              <Switch
                checked={config.navbar.folded}
                onChange={(event) => setConfig({ navbar: { ...config.navbar, folded: event.target.checked } })}
                slotProps={{ input: { 'data-testid': 'navbar-folded-switch' } as object }}
              />
            }
            label={t('settings.navbarFolded')}
          />
        )}
        <Divider sx={{ mb: 2 }} />
        <ThemeChoice name="main" label={t('settings.mainTheme')} value={settings.theme.main} onChange={setTheme('main')} />
        <ThemeChoice name="navbar" label={t('settings.navbarTheme')} value={settings.theme.navbar} onChange={setTheme('navbar')} />
        <ThemeChoice name="toolbar" label={t('settings.toolbarTheme')} value={settings.theme.toolbar} onChange={setTheme('toolbar')} />
        <ThemeChoice name="footer" label={t('settings.footerTheme')} value={settings.theme.footer} onChange={setTheme('footer')} />
      </Box>
    </Drawer>
  );
}
