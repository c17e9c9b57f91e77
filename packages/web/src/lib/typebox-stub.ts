/**
 * What the browser bundle gets for `typebox` (vite.config.ts aliases it here). The web client
 * reads only an endpoint's method and path at run time; the contracts' schemas serve the server
 * and the TypeScript types (tsc still sees the real typebox). Without this every schema of every
 * report, and TypeBox itself, would land in the initial JavaScript.
 */
interface StubSchema {
  /** Contracts reuse an object schema's fields (`DayOffInput.properties.startDate`): any field is a stub too. */
  properties: Record<string, StubSchema>;
}
const stub: StubSchema = { properties: new Proxy({} as Record<string, StubSchema>, { get: () => stub }) };
type Factory = (...args: unknown[]) => StubSchema;
const schema: Factory = () => stub;

export const Type: Record<string, Factory> = new Proxy({}, { get: () => schema });
export default { Type };
