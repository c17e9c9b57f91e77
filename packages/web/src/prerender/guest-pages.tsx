// Build-time rendering of the guest pages (/login, /forgot-password) to static HTML, so their
// sign-in card is painted from the HTML itself before any JavaScript has run; the app then
// replaces it (scripts/prerender.mjs writes the pages; docs/decisions/0010-prerendered-guest-pages.md).
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { DEFAULT_SETTINGS, GUEST_SETTINGS_KEY, SettingsProvider } from '../app/settings';
import ForgotPasswordScreen from '../features/auth/forgot-password-screen';
import LoginScreen from '../features/auth/login-screen';
import { AuthProvider } from '../lib/auth';
import { DEFAULT_LANGUAGE, i18n, LANGUAGE_KEY, LANGUAGES, type Language } from '../lib/i18n';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_STYLE_ID, PRERENDERED_TEMPLATE_PREFIX } from '../lib/prerendered';
import { SESSION_CODE_KEY } from '../lib/session-code';

/** The guest pages painted from HTML, by path: the file each is written to, its screen, and the screen's source (its key in the build manifest). */
export const GUEST_PAGES: Record<string, { file: string; screen: ComponentType; source: string }> = {
  '/login': { file: 'login.html', screen: LoginScreen, source: 'src/features/auth/login-screen.tsx' },
  '/forgot-password': {
    file: 'forgot-password.html',
    screen: ForgotPasswordScreen,
    source: 'src/features/auth/forgot-password-screen.tsx',
  },
};

export interface RenderedPage {
  /** The page's markup in each language, its top element marked as the static copy. */
  html: Record<Language, string>;
  /** Every rule the markup uses (MUI's emotion styles and the baseline), same class names as the app's. */
  css: string;
}

/** Renders one guest page in every language, as a guest with the default settings sees it. */
export function renderGuestPage(path: string): RenderedPage {
  const page = GUEST_PAGES[path];
  if (!page) throw new Error(`No guest page at ${path}`);
  const cache = createCache({ key: 'css' });
  // In compat mode the server cache keeps each rule in `inserted` instead of writing <style> tags into the markup.
  cache.compat = true;
  const Screen = page.screen;
  const html = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    void i18n.changeLanguage(language);
    const markup = renderToString(
      <CacheProvider value={cache}>
        <AuthProvider>
          <SettingsProvider>
            <StaticRouter location={path}>
              <Screen />
            </StaticRouter>
          </SettingsProvider>
        </AuthProvider>
      </CacheProvider>,
    );
    // React puts the preload hints it derives from images first; the images themselves load as early.
    // The copy takes no focus of its own: the app focuses the field (and floats its label) when it starts.
    html[language] = markup
      .replace(/^(?:<link [^>]*>)+/, '')
      .replace(/^<(\w+)/, `<$1 ${PRERENDERED_ATTRIBUTE}=""`)
      .replaceAll(' autofocus=""', '');
  }
  const css = Object.values(cache.inserted)
    .filter((rules): rules is string => typeof rules === 'string')
    .join('');
  return { html, css };
}

/**
 * The script that runs right after the static copy is parsed, before the first paint: it shows
 * the Italian copy to a device that chose Italian, and the boot logo instead when the app will
 * not show this page as rendered (a stored session signs in behind the splash screen; a guest
 * theme other than the default paints the card differently). It holds a submit made before the
 * app starts, which the app then carries out (lib/prerendered.ts), as it does a click on the
 * language button, and keeps a field's label out
 * of the way of what is typed (the app floats it). Last, once the page has been painted, it
 * fetches the app (the entry and every chunk it and the page's screen import, in parallel) and
 * starts it: nothing competes with the page for the first paint.
 */
export function bootScript(bootMarkup: string, app: { entry: string; preload: readonly string[] }): string {
  const keys = JSON.stringify({
    session: SESSION_CODE_KEY,
    settings: GUEST_SETTINGS_KEY,
    language: LANGUAGE_KEY,
    theme: DEFAULT_SETTINGS.theme.main,
    template: PRERENDERED_TEMPLATE_PREFIX,
    boot: bootMarkup,
    entry: app.entry,
    preload: app.preload,
  }).replace(/</g, '\\u003c');
  return `(function (k) {
  var root = document.getElementById('root');
  function show() {
    try {
      var code = localStorage.getItem(k.session);
      var parts = code ? code.split('.') : [];
      var signedIn = parts.length === 4 && Number(parts[2]) * 1000 > Date.now();
      var settings = JSON.parse(localStorage.getItem(k.settings) || 'null');
      var theme = settings && settings.theme && settings.theme.main;
      if (signedIn || (theme && theme !== k.theme)) { root.innerHTML = k.boot; return; }
      var language = localStorage.getItem(k.language);
      var copy = language && document.getElementById(k.template + language);
      if (copy) { root.innerHTML = copy.innerHTML; document.documentElement.lang = language; }
    } catch (e) {}
    // A click on the language button is remembered: the app opens the menu when it starts.
    var menu = root.querySelector('[aria-haspopup="menu"]');
    if (menu) menu.addEventListener('click', function () { menu.setAttribute('data-requested', ''); });
    var form = root.querySelector('form');
    if (!form) return;
    form.addEventListener('submit', function (event) { event.preventDefault(); form.setAttribute('data-submitted', ''); });
    // The app floats a field's label when the field has the focus or a value; here it steps aside.
    function labels() {
      var inputs = form.querySelectorAll('input[id]');
      for (var i = 0; i < inputs.length; i++) {
        var label = form.querySelector('label[for="' + inputs[i].id + '"]');
        if (label) label.style.visibility = inputs[i] === document.activeElement || inputs[i].value ? 'hidden' : '';
      }
    }
    ['focusin', 'focusout', 'input'].forEach(function (type) { form.addEventListener(type, function () { setTimeout(labels, 0); }); });
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < k.preload.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = k.preload[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = k.entry;
    document.head.appendChild(script);
  }
  show();
  // Once the first contentful paint is reported (a frame alone may not have painted); a timer
  // covers browsers without paint timing and pages that are not painted (a background tab).
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {}
  setTimeout(start, 1000);
})(${keys});`;
}

/** The part of Vite's build manifest (dist/.vite/manifest.json) read here. */
export type BuildManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** A manifest entry's file and every chunk it imports, directly or not (not the lazy ones). */
function chunksOf(manifest: BuildManifest, key: string): string[] {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk) throw new Error(`The build manifest has no ${name}`);
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...files];
}

/** index.html's app placeholder (the boot logo), between these markers. */
const APP_PLACEHOLDER = /<div id="root"><!--app-->([\s\S]*?)<!--\/app--><\/div>/;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"]+">/g;

/**
 * The HTML of a guest page: the built index.html with the page's English copy in #root, the
 * other languages in templates, their rules in <head>, and the app's entry and preloads moved
 * into the boot script after #root, which loads them once the page is painted.
 */
export function prerenderedPage(indexHtml: string, path: string, manifest: BuildManifest): string {
  const page = GUEST_PAGES[path];
  if (!page) throw new Error(`No guest page at ${path}`);
  const placeholder = APP_PLACEHOLDER.exec(indexHtml);
  if (!placeholder) throw new Error('index.html has no <div id="root"><!--app-->…<!--/app--></div> placeholder');
  const entryTag = ENTRY_SCRIPT.exec(indexHtml);
  if (!entryTag) throw new Error('index.html has no <script type="module" crossorigin src="…"> entry');
  const entry = entryTag[1] ?? '';
  const [, ...entryChunks] = chunksOf(manifest, 'index.html');
  if (`/${manifest['index.html']?.file}` !== entry) throw new Error(`index.html's entry ${entry} is not the manifest's`);
  const preload = [...new Set([...entryChunks, ...chunksOf(manifest, page.source)])];
  const { html, css } = renderGuestPage(path);
  const templates = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE)
    .map((language) => `<template id="${PRERENDERED_TEMPLATE_PREFIX}${language}">${html[language]}</template>`)
    .join('');
  const body = `<div id="root">${html[DEFAULT_LANGUAGE]}</div>${templates}<script>${bootScript(placeholder[1] ?? '', { entry, preload })}</script>`;
  return indexHtml
    .replace(entryTag[0], '')
    .replace(MODULE_PRELOAD, '')
    .replace(APP_PLACEHOLDER, () => body)
    .replace('</head>', () => `<style id="${PRERENDERED_STYLE_ID}">${css}</style></head>`);
}
