// The Node (V8) flags the API server runs with: `npm start` (scripts/start.mjs), the e2e server
// and, written out again in packages/server/package.json, `npm run start|bench -w @salon/server`.
//
// --max-semi-space-size=64 (MB; V8's default on 64-bit is 16): a year's report allocates megabytes of
// short-lived rows and JSON, and a larger young generation lets fewer timed calls meet a scavenge
// (docs/decisions/0005-young-generation.md).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
