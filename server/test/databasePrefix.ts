/** Names of databases the tests create on a PostgreSQL server start with this (CI cleans up by it). */
export function testDatabasePrefix() {
  const prefix = process.env.TEST_DATABASE_PREFIX ?? 'tripmates_test';
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix))
    throw new Error('TEST_DATABASE_PREFIX must be a plain lowercase identifier');
  return prefix;
}
