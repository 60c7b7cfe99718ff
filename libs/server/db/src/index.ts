export type { Database, DatabaseEngine, Queryable, QueryResult } from './database';
export { createPgliteDatabase, type PgliteDatabase, type PgliteDatabaseOptions } from './pglite-database';
export { createThreadedPgliteDatabase } from './pglite-thread';
export { createPostgresDatabase, type PostgresDatabaseOptions } from './postgres-database';
export { openDatabase, defaultPgliteDataDir, type OpenDatabaseOptions } from './open-database';
export { migrate, loadMigrations, defaultMigrationsDir, type Migration, type MigrationReport } from './migrate';
// Test helpers live behind the same door (one public door per library); apps/api/build.mjs stubs `vitest`
// out of the production bundle so importing them there costs nothing.
export {
  describeEachDatabase,
  isTestPostgresReachable,
  probePostgres,
  testDatabaseUrl,
  createTestSchema,
  dropTestSchema,
  type DatabaseTestContext,
  type DescribeEachDatabaseOptions,
} from './testing/describe-each-database';
export { openPgliteTestDatabase } from './testing/pglite-template';
export { createPostgresTestDatabase, type PostgresTestDatabase } from './testing/postgres-template';
