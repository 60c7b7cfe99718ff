import { randomBytes } from 'node:crypto';
import { isTestPostgresReachable, testDatabaseUrl } from './describe-each-database';
import { dropRunDatabases, TEST_RUN_ENV } from './postgres-template';

/**
 * Vitest's global setup for the node project (root `vitest.config.ts`): gives the run an id, which the test processes
 * inherit, so every PostgreSQL test database of the run is named `tessera_test_<run>_…` and a suite's `release()`
 * leaves it standing; the teardown drops them all at the run's end. A `DROP DATABASE` waits for a checkpoint, about a
 * second each on the shared CI machine, and the suites made about 110 of them one by one (ADR 0500).
 */
export function setup(): (() => Promise<void>) | undefined {
  if (process.env[TEST_RUN_ENV] || !isTestPostgresReachable()) return undefined;
  const run = randomBytes(4).toString('hex');
  process.env[TEST_RUN_ENV] = run;
  return async () => {
    delete process.env[TEST_RUN_ENV];
    await dropRunDatabases(testDatabaseUrl(), run);
  };
}
