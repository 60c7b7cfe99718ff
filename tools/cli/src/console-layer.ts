import type { BrandRegistry } from '@tessera/server/brand-registry';
import type { CliIo } from './io';

/**
 * Puts the console's published layers (ADR 0310) over the brand files, as a server on the same database serves them:
 * read from PostgreSQL when DATABASE_URL is set. The embedded database is not opened here (a running server holds
 * it; ask the server's explain endpoint instead). Returns what was read, for the answer; undefined: nothing.
 */
export async function withConsoleLayer(io: CliIo, registry: BrandRegistry): Promise<string | undefined> {
  if (!io.env['DATABASE_URL']) return undefined;
  // Loaded only when asked: the console's library is large, and explain without a database must start fast.
  const [{ createConfigDelivery }, { openServerDatabase }] = await Promise.all([
    import('@tessera/server/backoffice'),
    import('./server-database'),
  ]);
  const db = await openServerDatabase(io);
  try {
    const delivery = createConfigDelivery({ db, registry });
    await delivery.sync();
    const versions = [...delivery.versions()].map(([brand, version]) => `${brand} v${version}`);
    return `the brand files and the console layer of DATABASE_URL (${versions.join(', ') || 'no version published'})`;
  } finally {
    await db.close();
  }
}
