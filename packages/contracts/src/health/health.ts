import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';

const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('postgresql'), Type.Literal('embedded')], {
    description: 'Which database serves the data: a PostgreSQL server (DATABASE_URL) or the embedded one in DATA_DIR',
  }),
  schemaVersion: Type.Integer({ description: 'The latest migration applied' }),
  uptimeSeconds: Type.Integer(),
  reason: Type.Optional(Type.String({ description: 'Why the database is unavailable' })),
});

export const health = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Health: 200 when the database answers, 503 (same shape, status "unavailable" and the reason) while it cannot be reached',
  tags: ['Health'],
  response: HealthResponse,
  errors: { 503: HealthResponse },
});
