import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DownloadLinks } from '../lib/download-links.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The time-limited links of the "returned link" exports (lib/download-links.ts). */
    downloads: DownloadLinks;
  }
}

/** Makes one link store available as `app.downloads` to every feature. */
export const downloadsPlugin = fp(async (app: FastifyInstance, { downloads }: { downloads?: DownloadLinks }) => {
  app.decorate('downloads', downloads ?? new DownloadLinks());
});
