// @vitest-environment node
// Rendered as at build time: in Node, where emotion collects the rules instead of writing to a document.
import { describe, expect, it } from 'vitest';
import { GUEST_PAGES, prerenderedPage, renderGuestPage } from './guest-pages';

const INDEX = [
  '<!doctype html><html lang="en"><head><title>t</title>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/dep-def.js"></head>',
  '<body><div id="root"><!--app--><div class="boot">logo</div><!--/app--></div></body></html>',
].join('');

const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_dep.js'] },
  '_dep.js': { file: 'assets/dep-def.js' },
  'src/features/auth/login-screen.tsx': { file: 'assets/login-screen-1.js', imports: ['index.html', '_card.js'] },
  '_card.js': { file: 'assets/card-2.js', imports: ['_dep.js', 'index.html'] },
};

const classesIn = (html: string) => [...new Set([...html.matchAll(/\bcss-[a-z0-9]+/g)].map((match) => match[0]))];

describe('the guest pages rendered at build time', () => {
  it('renders the sign-in card in English and Italian, marked as the static copy, without a focus of its own', () => {
    const { html } = renderGuestPage('/login');
    expect(html.en).toMatch(/^<main data-prerendered=""/);
    expect(html.en).toContain('Sign in with the username and password your salon gave you.');
    expect(html.en).toMatch(/<input[^>]+name="username"/);
    expect(html.en).toMatch(/<input[^>]+type="password"[^>]*name="password"|<input[^>]+name="password"[^>]*type="password"/);
    expect(html.it).toContain('Accedi con il nome utente e la password forniti dal tuo salone.');
    expect(html.it).not.toMatch(/Sign in|Username|Forgot/);
    for (const markup of [html.en, html.it]) {
      expect(markup).not.toContain('<style');
      expect(markup).not.toContain('<link');
      expect(markup).not.toContain('autofocus');
    }
  });

  it('collects a rule for every class the markup uses, and the baseline', () => {
    for (const path of Object.keys(GUEST_PAGES)) {
      const { html, css } = renderGuestPage(path);
      const classes = classesIn(html.en + html.it);
      expect(classes.length, path).toBeGreaterThan(5);
      for (const name of classes) expect(css, `${path}: .${name}`).toContain(`.${name}`);
      expect(css, path).toMatch(/(^|})html\{/);
    }
  });

  it('renders the forgot-password notice in both languages', () => {
    const { html } = renderGuestPage('/forgot-password');
    expect(html.en).toContain('there is no mail server');
    expect(html.it).toContain('non c&#x27;è un server di posta');
    expect(() => renderGuestPage('/nowhere')).toThrow('No guest page at /nowhere');
  });

  it('builds the page from index.html: the copy in #root, the other language in a template, the app loaded by the boot script', () => {
    const page = prerenderedPage(INDEX, '/login', MANIFEST);
    expect(page).toMatch(
      /<div id="root"><main data-prerendered=""[\s\S]*Sign in with the username[\s\S]*<\/main><\/div><template id="prerendered-it"><main data-prerendered=""[\s\S]*Accedi con[\s\S]*<\/template><script>/,
    );
    // Nothing is fetched or run before the paint: the boot script has the entry and every chunk
    // the entry and the screen import (once each, the lazy ones not).
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).toContain(
      '"entry":"/assets/index-abc.js","preload":["/assets/dep-def.js","/assets/login-screen-1.js","/assets/index-abc.js","/assets/card-2.js"]',
    );
    expect(page).toMatch(/<style id="prerendered-css">[^<]*html\{[^<]*<\/style><\/head>/);
    // The boot logo travels in the script, escaped so it cannot end the script.
    expect(page).toContain('"boot":"\\u003cdiv class=\\"boot\\">logo\\u003c/div>"');
    expect(page).not.toContain('<!--app-->');
  });

  it('refuses an index.html without the placeholder or the entry, and a manifest that does not match', () => {
    expect(() => prerenderedPage(INDEX.replace('<!--app-->', ''), '/login', MANIFEST)).toThrow(/placeholder/);
    expect(() => prerenderedPage(INDEX.replace('type="module" ', ''), '/login', MANIFEST)).toThrow(/entry/);
    expect(() => prerenderedPage(INDEX, '/login', { ...MANIFEST, 'index.html': { file: 'assets/index-old.js' } })).toThrow(
      /not the manifest's/,
    );
    const { '_card.js': _card, ...withoutCard } = MANIFEST;
    expect(() => prerenderedPage(INDEX, '/login', withoutCard)).toThrow('The build manifest has no _card.js');
    expect(() => prerenderedPage(INDEX, '/nowhere', MANIFEST)).toThrow('No guest page at /nowhere');
  });
});
