import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';

export const health = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness: the database kind and the schema version (answers without touching the database)',
  tags: ['Health'],
  response: Type.Object({
    status: Type.Literal('ok'),
    database: Type.Union([Type.Literal('postgresql'), Type.Literal('pglite')], { description: 'Which database serves the data' }),
    schemaVersion: Type.Integer({ description: 'The latest migration applied' }),
    uptimeSeconds: Type.Integer(),
  }),
});
