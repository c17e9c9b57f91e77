// Writes dist/login.html and dist/forgot-password.html: the built index.html with a static copy
// of the page (src/prerender/guest-pages.tsx), so the sign-in card is painted from the HTML
// before the app's JavaScript has arrived. The server answers those paths with them.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = resolve(import.meta.dirname, '..');
const dist = join(webRoot, 'dist');
const outDir = join(webRoot, 'node_modules/.prerender');

// The renderer, bundled for Node with everything it imports (MUI, React, the locales).
await build({
  root: webRoot,
  configFile: join(webRoot, 'vite.config.ts'),
  logLevel: 'warn',
  ssr: { noExternal: true },
  build: { ssr: 'src/prerender/guest-pages.tsx', outDir, emptyOutDir: true, copyPublicDir: false, minify: false },
});

const { GUEST_PAGES, prerenderedPage } = await import(pathToFileURL(join(outDir, 'guest-pages.js')).href);
const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
console.log('\nPrerendered guest pages:');
for (const [path, { file }] of Object.entries(GUEST_PAGES)) {
  const html = prerenderedPage(indexHtml, path, manifest);
  writeFileSync(join(dist, file), html);
  console.log(`  ${path.padEnd(20)} dist/${file} (${(html.length / 1024).toFixed(1)} kB)`);
}
rmSync(outDir, { recursive: true, force: true });
