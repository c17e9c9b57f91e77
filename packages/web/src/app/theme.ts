import { createTheme, type Theme } from '@mui/material/styles';

export const THEME_NAMES = ['default', 'light', 'dark', 'pink'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

const PINK_DARK = '#ad1457';

/** Pink accent on the 'default' main theme; navbar and footer dark, toolbar light. */
const palettes: Record<ThemeName, Parameters<typeof createTheme>[0]> = {
  default: {
    palette: {
      mode: 'light',
      primary: { main: '#263238', contrastText: '#ffffff' },
      secondary: { main: PINK_DARK, contrastText: '#ffffff' },
      background: { default: '#f4f5f7', paper: '#ffffff' },
    },
  },
  light: {
    palette: {
      mode: 'light',
      primary: { main: '#37474f', contrastText: '#ffffff' },
      secondary: { main: PINK_DARK, contrastText: '#ffffff' },
      background: { default: '#ffffff', paper: '#ffffff' },
    },
  },
  dark: {
    palette: {
      mode: 'dark',
      primary: { main: '#90caf9' },
      secondary: { main: '#f48fb1' },
      background: { default: '#1e2125', paper: '#262a2f' },
    },
  },
  pink: {
    palette: {
      mode: 'dark',
      primary: { main: '#ffffff' },
      secondary: { main: '#ffffff' },
      background: { default: PINK_DARK, paper: '#c2185b' },
    },
  },
};

const cache = new Map<ThemeName, Theme>();

export function getTheme(name: ThemeName): Theme {
  let theme = cache.get(name);
  if (!theme) {
    theme = createTheme({
      ...palettes[name],
      typography: { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif', fontSize: 13 },
      shape: { borderRadius: 8 },
    });
    cache.set(name, theme);
  }
  return theme;
}

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}
