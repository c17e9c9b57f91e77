export * from './common/endpoint.js';
export * from './common/schemas.js';
export * from './health/health.js';
export * from './sessions/sessions.js';
export * from './permissions/permissions.js';
export * from './salons/salons.js';
export * from './users/users.js';
export * from './salon-overview/salon-overview.js';
