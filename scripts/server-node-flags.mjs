// The Node (V8) flags the API server runs with: `npm start` (scripts/start.mjs), the e2e server
// and, written out again in packages/server/package.json, `npm run start|bench -w @salon/server`.
//
// --max-semi-space-size=64 (MB; V8's default on 64-bit is 16): a year's report allocates 1-3 MB of
// short-lived rows and JSON, so with 16 MB the young generation was collected every 5-6 requests and
// 2-4 of the bench's 20 timed calls of each year report met a scavenge (its p95 is the 2nd slowest of
// 20). With 64 MB: 2.4-2.6x fewer scavenges and 0-1 of 20 calls meet one, but each pause is about twice
// as long (more survivors), the total about the same, and the API's RSS ~100 MB higher: it helps a p95,
// not a p99. README "Benchmark notes" has the measurement.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
