/**
 * The Redis shared-mode tests use: `TEST_REDIS_URL`, else database 2 of this machine's Redis (each test file adds a
 * key prefix of its own and deletes its keys afterwards).
 */
export function testRedisUrl(): string {
  return process.env['TEST_REDIS_URL'] || 'redis://127.0.0.1:6379/2';
}
