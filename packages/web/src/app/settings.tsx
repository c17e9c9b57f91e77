import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useAuth } from '../lib/auth';
import { reportFailure } from '../lib/snackbar';
import { getTheme, isThemeName, type ThemeName } from './theme';

export const LAYOUT_STYLES = ['layout1', 'layout2', 'layout3'] as const;
export type LayoutStyle = (typeof LAYOUT_STYLES)[number];
export const LAYOUT_MODES = ['boxed', 'fullwidth', 'container'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];

interface LayoutConfig {
  mode: LayoutMode;
  scroll: 'body' | 'content';
  navbar: { display: boolean; folded: boolean; position: 'left' | 'right' };
  toolbar: { display: boolean; position: 'below' | 'above' };
  footer: { display: boolean; position: 'below' | 'above' };
  leftSidePanel: { display: boolean };
  rightSidePanel: { display: boolean };
}

/** The shell settings: layout style and config, the four themes, custom scrollbars. */
export interface AppSettings {
  layout: { style: LayoutStyle; config: LayoutConfig };
  theme: { main: ThemeName; navbar: ThemeName; toolbar: ThemeName; footer: ThemeName };
  customScrollbars: boolean;
}

/** The shell's widths. */
export const WIDTHS = { navbar: 230, navbarFolded: 64, boxed: 1280, container: 1120, settingsPanel: 380, quickPanel: 280 } as const;

/** A layout's defaults: the three layouts differ only in their mode. A fresh object each call. */
function layoutDefaults(mode: LayoutConfig['mode']): LayoutConfig {
  return {
    mode,
    scroll: 'content',
    navbar: { display: true, folded: false, position: 'left' },
    toolbar: { display: true, position: 'below' },
    footer: { display: true, position: 'below' },
    leftSidePanel: { display: true },
    rightSidePanel: { display: true },
  };
}

/** Each layout's own defaults; changing the style resets its config to these. */
export const LAYOUT_DEFAULTS: Record<LayoutStyle, LayoutConfig> = {
  layout1: layoutDefaults('fullwidth'),
  layout2: layoutDefaults('container'),
  layout3: layoutDefaults('container'),
};

/** The defaults: layout1, full width, main 'default', navbar dark, toolbar light, footer dark. */
export const DEFAULT_SETTINGS: AppSettings = {
  layout: { style: 'layout1', config: LAYOUT_DEFAULTS.layout1 },
  theme: { main: 'default', navbar: 'dark', toolbar: 'light', footer: 'dark' },
  customScrollbars: true,
};

/** Where a guest's choices are kept (they become the defaults on this device). */
export const GUEST_SETTINGS_KEY = 'settings_defaults';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads settings saved by an older or foreign client defensively: anything unknown falls back to the defaults. */
export function normalizeSettings(raw: unknown, fallback: AppSettings = DEFAULT_SETTINGS): AppSettings {
  if (!isRecord(raw)) return fallback;
  const layout = isRecord(raw.layout) ? raw.layout : {};
  const style = (LAYOUT_STYLES as readonly unknown[]).includes(layout.style) ? (layout.style as LayoutStyle) : fallback.layout.style;
  const base = style === fallback.layout.style ? fallback.layout.config : LAYOUT_DEFAULTS[style];
  const config = isRecord(layout.config) ? layout.config : {};
  const section = <K extends keyof LayoutConfig>(key: K): LayoutConfig[K] =>
    (isRecord(base[key]) && isRecord(config[key])
      ? { ...(base[key] as object), ...(config[key] as object) }
      : base[key]) as LayoutConfig[K];
  const theme = isRecord(raw.theme) ? raw.theme : {};
  const pick = (key: keyof AppSettings['theme']) => (isThemeName(theme[key]) ? theme[key] : fallback.theme[key]);
  return {
    layout: {
      style,
      config: {
        mode: (LAYOUT_MODES as readonly unknown[]).includes(config.mode) ? (config.mode as LayoutMode) : base.mode,
        scroll: config.scroll === 'body' || config.scroll === 'content' ? config.scroll : base.scroll,
        navbar: section('navbar'),
        toolbar: section('toolbar'),
        footer: section('footer'),
        leftSidePanel: section('leftSidePanel'),
        rightSidePanel: section('rightSidePanel'),
      },
    },
    theme: { main: pick('main'), navbar: pick('navbar'), toolbar: pick('toolbar'), footer: pick('footer') },
    customScrollbars: typeof raw.customScrollbars === 'boolean' ? raw.customScrollbars : fallback.customScrollbars,
  };
}

function readGuestSettings(): AppSettings {
  try {
    const stored = localStorage.getItem(GUEST_SETTINGS_KEY);
    return stored ? normalizeSettings(JSON.parse(stored)) : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** Applies a change of layout style: the new style starts from its own defaults. */
export function withLayoutStyle(settings: AppSettings, style: LayoutStyle): AppSettings {
  if (settings.layout.style === style) return settings;
  return { ...settings, layout: { style, config: LAYOUT_DEFAULTS[style] } };
}

interface SettingsContextValue {
  settings: AppSettings;
  /** Changes settings live; saved as this device's defaults for a guest, to the user otherwise. */
  changeSettings(next: AppSettings): void;
  /** Folding is a per-session toggle of the navbar, saved like any setting. */
  setNavbarFolded(folded: boolean): void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const { user, updateUser } = useAuth();
  const [guestSettings, setGuestSettings] = useState(readGuestSettings);
  const settings = useMemo(() => (user?.settings ? normalizeSettings(user.settings, guestSettings) : guestSettings), [user, guestSettings]);

  const changeSettings = useCallback(
    (next: AppSettings) => {
      if (user) {
        void updateUser({ settings: next as unknown as Record<string, unknown> }).catch(reportFailure('Unable to update user'));
      } else {
        localStorage.setItem(GUEST_SETTINGS_KEY, JSON.stringify(next));
        setGuestSettings(next);
      }
    },
    [user, updateUser],
  );

  const setNavbarFolded = useCallback(
    (folded: boolean) =>
      changeSettings({
        ...settings,
        layout: { ...settings.layout, config: { ...settings.layout.config, navbar: { ...settings.layout.config.navbar, folded } } },
      }),
    [settings, changeSettings],
  );

  const value = useMemo(() => ({ settings, changeSettings, setNavbarFolded }), [settings, changeSettings, setNavbarFolded]);
  return (
    <SettingsContext.Provider value={value}>
      <ThemeProvider theme={getTheme(settings.theme.main)}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </SettingsContext.Provider>
  );
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings must be used inside <SettingsProvider>');
  return value;
}
