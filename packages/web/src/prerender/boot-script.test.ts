// The boot script of the prerendered guest pages, run against a small copy of such a page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prerenderedMenuRequested, readPrerenderedForm } from '../lib/prerendered';
import { bootScript } from './guest-pages';

const form = (title: string) =>
  `<main data-prerendered=""><h1>${title}</h1><button type="button" aria-haspopup="menu">en</button><form novalidate=""><label for="u">Name</label><input id="u" name="username" value=""/>` +
  '<label for="p">Pass</label><input id="p" name="password" type="password" value=""/><button type="submit">go</button></form></main>';

const BOOT = '<div class="boot">logo</div>';

function openPage() {
  document.documentElement.lang = 'en';
  document.body.innerHTML = `<div id="root">${form('Sign in')}</div><template id="prerendered-it">${form('Accedi')}</template>`;
  new Function(bootScript(BOOT, { entry: '/assets/index-abc.js', preload: ['/assets/a.js', '/assets/b.js'] }))();
}

const root = () => document.getElementById('root') as HTMLElement;
// The scripts the boot script adds to <head>, kept here rather than loaded.
let appended: Node[] = [];
const entryScripts = () =>
  appended.filter((node): node is HTMLScriptElement => node instanceof HTMLScriptElement && node.src.endsWith('/assets/index-abc.js'));
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  localStorage.clear();
  appended = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    appended.push(node);
    return node;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the boot script of a prerendered guest page', () => {
  it('keeps the English copy by default, and starts the app once the first contentful paint is reported', () => {
    vi.useFakeTimers();
    let reportPaint: (names: string[]) => void = () => undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
          reportPaint = (names) => callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) });
        }
        observe() {}
      },
    );
    openPage();
    expect(root().querySelector('h1')?.textContent).toBe('Sign in');
    reportPaint(['first-paint']);
    vi.advanceTimersByTime(10);
    expect(entryScripts()).toHaveLength(0);
    reportPaint(['first-contentful-paint']);
    vi.advanceTimersByTime(10);
    const started = entryScripts();
    expect(started).toHaveLength(1);
    expect(started[0]?.type).toBe('module');
    // Every chunk is asked for before the entry runs, so they arrive in parallel.
    const preloads = appended.filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement);
    expect(preloads.map((link) => [link.rel, new URL(link.href).pathname])).toEqual([
      ['modulepreload', '/assets/a.js'],
      ['modulepreload', '/assets/b.js'],
    ]);
    expect(appended.indexOf(started[0] as Node)).toBe(2);
    // The fallback timer does not start it twice.
    vi.advanceTimersByTime(2000);
    expect(entryScripts()).toHaveLength(1);
  });

  it('starts the app after a second when no paint is reported (a background tab, no paint timing)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    openPage();
    vi.advanceTimersByTime(900);
    expect(entryScripts()).toHaveLength(0);
    vi.advanceTimersByTime(200);
    expect(entryScripts()).toHaveLength(1);
  });

  it('shows the Italian copy to a device that chose Italian', () => {
    localStorage.setItem('language', 'it');
    openPage();
    expect(root().querySelector('h1')?.textContent).toBe('Accedi');
    expect(document.documentElement.lang).toBe('it');
  });

  it('shows the boot logo when a live session is stored, or when the guest theme is not the default', () => {
    localStorage.setItem('session_code', `s1.id.${Math.floor(Date.now() / 1000) + 600}.sig`);
    openPage();
    expect(root().innerHTML).toBe(BOOT);

    localStorage.clear();
    localStorage.setItem('session_code', `s1.id.${Math.floor(Date.now() / 1000) - 600}.sig`);
    openPage();
    expect(root().querySelector('h1')?.textContent).toBe('Sign in');

    localStorage.setItem('settings_defaults', JSON.stringify({ theme: { main: 'dark' } }));
    openPage();
    expect(root().innerHTML).toBe(BOOT);
  });

  it('holds a submit for the app, and the app reads what was typed, the focus and the submit', async () => {
    openPage();
    const username = root().querySelector<HTMLInputElement>('#u') as HTMLInputElement;
    const password = root().querySelector<HTMLInputElement>('#p') as HTMLInputElement;
    username.value = 'manager';
    username.dispatchEvent(new Event('input', { bubbles: true }));
    password.focus();
    password.value = 'demo';
    await tick();
    // Labels step aside for the focus and for a value.
    expect((root().querySelector('label[for="u"]') as HTMLElement).style.visibility).toBe('hidden');
    expect((root().querySelector('label[for="p"]') as HTMLElement).style.visibility).toBe('hidden');
    expect(readPrerenderedForm()).toEqual({ values: { username: 'manager', password: 'demo' }, focused: 'password', submitted: false });

    const submit = new Event('submit', { bubbles: true, cancelable: true });
    root().querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(readPrerenderedForm()?.submitted).toBe(true);
  });

  it('remembers a click on the language button for the app', () => {
    openPage();
    expect(prerenderedMenuRequested()).toBe(false);
    (root().querySelector('[aria-haspopup="menu"]') as HTMLButtonElement).click();
    expect(prerenderedMenuRequested()).toBe(true);
  });

  it('reads nothing when the page is the app itself', () => {
    document.body.innerHTML = `<div id="root"><main><button aria-haspopup="menu" data-requested="">en</button><form><input name="username" value="x"/></form></main></div>`;
    expect(readPrerenderedForm()).toBeNull();
    expect(prerenderedMenuRequested()).toBe(false);
  });
});
