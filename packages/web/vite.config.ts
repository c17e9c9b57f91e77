import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Every TypeBox builder the contracts call: pure, so unused schemas drop out of the bundle.
const TYPEBOX_BUILDERS = ['Any', 'Array', 'Boolean', 'Enum', 'Integer', 'Intersect', 'Literal', 'Null', 'Number', 'Object', 'Optional'];
const MORE_BUILDERS = ['Partial', 'Pick', 'Omit', 'Record', 'Ref', 'String', 'Tuple', 'Union', 'Unknown', 'Unsafe', 'Date'];

/** The screens a guest opens first: their chunks are preloaded with the app's own (see below). */
const GUEST_SCREENS = {
  '/login': 'src/features/auth/login-screen.tsx',
  '/forgot-password': 'src/features/auth/forgot-password-screen.tsx',
};

/**
 * On a guest page, fetch that screen's chunks alongside the main chunk instead of after it has
 * run: an inline script adds `modulepreload` links for the screen of the current path only, so
 * a signed-in user's pages do not pay for the sign-in screen.
 */
function preloadGuestScreens(): Plugin {
  return {
    name: 'preload-guest-screens',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((item) => item.type === 'chunk');
        const filesOf = (entry: string): string[] => {
          const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(entry));
          if (!chunk) return [];
          const files = new Set<string>([chunk.fileName]);
          for (const imported of chunk.imports) files.add(imported);
          return [...files];
        };
        const byPath = Object.fromEntries(Object.entries(GUEST_SCREENS).map(([path, entry]) => [path, filesOf(entry).map((f) => `/${f}`)]));
        const script = `(function(m){var f=m[location.pathname];if(!f)return;for(var i=0;i<f.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.href=f[i];document.head.appendChild(l);}})(${JSON.stringify(byPath)});`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadGuestScreens()],
  resolve: {
    alias: [{ find: /^typebox$/, replacement: fileURLToPath(new URL('./src/lib/typebox-stub.ts', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      treeshake: { manualPureFunctions: [...TYPEBOX_BUILDERS, ...MORE_BUILDERS].map((name) => `Type.${name}`).concat('defineEndpoint') },
    },
  },
});
