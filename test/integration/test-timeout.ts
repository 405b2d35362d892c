import { markRunningSpec } from './socket-openers';

// Jest reads `testTimeout` from the global configuration only, so the integration project's own limit is set here:
// these specs wait on real PostgreSQL, Redis, argon2 and HTTP round trips, on a machine that may be busy.
jest.setTimeout(30_000);
markRunningSpec();
