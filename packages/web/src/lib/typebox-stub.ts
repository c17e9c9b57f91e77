/**
 * What the browser bundle gets for `typebox` (vite.config.ts aliases it here). The web client
 * reads only an endpoint's method and path at run time; the contracts' schemas serve the server
 * and the TypeScript types (tsc still sees the real typebox). Without this every schema of every
 * report, and TypeBox itself, would land in the initial JavaScript.
 */
type Factory = (...args: unknown[]) => Record<string, never>;
const schema: Factory = () => ({});

export const Type: Record<string, Factory> = new Proxy({}, { get: () => schema });
export default { Type };
