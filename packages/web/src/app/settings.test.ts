import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, LAYOUT_DEFAULTS, normalizeSettings, withLayoutStyle } from './settings';

describe('settings', () => {
  it('defaults to layout1, full width, default main, dark navbar and footer, light toolbar', () => {
    expect(DEFAULT_SETTINGS.layout.style).toBe('layout1');
    expect(DEFAULT_SETTINGS.layout.config.mode).toBe('fullwidth');
    expect(DEFAULT_SETTINGS.theme).toEqual({ main: 'default', navbar: 'dark', toolbar: 'light', footer: 'dark' });
  });
  it('resets the config to the new style’s defaults when the layout style changes', () => {
    const folded = {
      ...DEFAULT_SETTINGS,
      layout: {
        style: 'layout1' as const,
        config: { ...LAYOUT_DEFAULTS.layout1, navbar: { display: true, folded: true, position: 'left' as const } },
      },
    };
    expect(withLayoutStyle(folded, 'layout2').layout).toEqual({ style: 'layout2', config: LAYOUT_DEFAULTS.layout2 });
    expect(withLayoutStyle(folded, 'layout1')).toBe(folded);
  });
  it('reads saved settings defensively', () => {
    expect(normalizeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(normalizeSettings({ theme: { main: 'neon', navbar: 'light' }, layout: { style: 'layout9' } })).toEqual({
      ...DEFAULT_SETTINGS,
      theme: { ...DEFAULT_SETTINGS.theme, navbar: 'light' },
    });
    const saved = normalizeSettings({ layout: { style: 'layout3', config: { mode: 'boxed', navbar: { folded: true } } } });
    expect(saved.layout.style).toBe('layout3');
    expect(saved.layout.config.mode).toBe('boxed');
    expect(saved.layout.config.navbar).toEqual({ display: true, folded: true, position: 'left' });
  });
});
