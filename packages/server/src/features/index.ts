import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { createClock } from '../lib/today.js';
import { clockPlugin } from '../plugins/clock.js';
import type { SessionService } from './sessions/sessions.service.js';

/** What every feature's routes plugin is given (the same for all). */
export interface FeatureOptions {
  sessions: SessionService;
  config: Config;
}

export type RoutesPlugin = (app: FastifyInstance, options: FeatureOptions) => Promise<void>;

/** One feature's routes: its folder, file and the plugin it exports. */
export interface RoutesModule {
  feature: string;
  file: string;
  name: string;
  plugin: RoutesPlugin;
}

const featuresDir = new URL('./', import.meta.url);

/**
 * The convention (ARCHITECTURE.md): a feature is a folder `features/<x>/`, and its routes are
 * `features/<x>/<x>.routes.ts`, exporting exactly one plugin, a function named `…Routes`. Every
 * such file is found here at start-up (folders sorted by name); nothing is listed by hand.
 */
export function routesFiles(): { feature: string; file: string }[] {
  return readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((feature) => {
      const file = readdirSync(new URL(`${feature}/`, featuresDir)).find(
        (name) => name === `${feature}.routes.ts` || name === `${feature}.routes.js`,
      );
      return file ? [{ feature, file }] : [];
    });
}

/** Imports every feature's routes file and takes its one exported `…Routes` function; throws when a file breaks the convention. */
export async function loadRoutesModules(): Promise<RoutesModule[]> {
  return Promise.all(
    routesFiles().map(async ({ feature, file }) => {
      const module = (await import(new URL(`${feature}/${file}`, featuresDir).href)) as Record<string, unknown>;
      const plugins = Object.entries(module).filter(([name, value]) => name.endsWith('Routes') && typeof value === 'function');
      if (plugins.length !== 1) {
        throw new Error(
          `features/${feature}/${file} must export exactly one routes plugin (a function named …Routes), found ${plugins.length}`,
        );
      }
      const [name, plugin] = plugins[0] as [string, RoutesPlugin];
      return { feature, file, name, plugin };
    }),
  );
}

/** Every feature's routes, derived from the folders (see routesFiles), each given the same options. */
export async function featureRoutes(app: FastifyInstance, options: FeatureOptions) {
  await app.register(clockPlugin, { clock: createClock(options.config.demoToday) });
  for (const { plugin } of await loadRoutesModules()) await app.register(plugin, options);
}
