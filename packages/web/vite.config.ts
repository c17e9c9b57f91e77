import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Every TypeBox builder the contracts call: pure, so unused schemas drop out of the bundle.
const TYPEBOX_BUILDERS = ['Any', 'Array', 'Boolean', 'Enum', 'Integer', 'Intersect', 'Literal', 'Null', 'Number', 'Object', 'Optional'];
const MORE_BUILDERS = ['Partial', 'Pick', 'Omit', 'Record', 'Ref', 'String', 'Tuple', 'Union', 'Unknown', 'Unsafe', 'Date'];

export default defineConfig({
  plugins: [react()],
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
    // dist/.vite/manifest.json: which chunks each screen needs (scripts/prerender.mjs preloads a guest page's).
    manifest: true,
    rollupOptions: {
      treeshake: { manualPureFunctions: [...TYPEBOX_BUILDERS, ...MORE_BUILDERS].map((name) => `Type.${name}`).concat('defineEndpoint') },
    },
  },
});
