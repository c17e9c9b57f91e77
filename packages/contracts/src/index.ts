export * from './common/endpoint.js';
export * from './common/schemas.js';
export * from './health/health.js';
export * from './sessions/sessions.js';
export * from './salon-overview/salon-overview.js';
