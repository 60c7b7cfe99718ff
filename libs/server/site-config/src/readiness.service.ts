import type { Database, DatabaseEngine } from '@tessera/server/db';
import type { BrandRegistry, ConfigIssue } from '@tessera/server/brand-registry';

/** The readiness report (schemas/api/ready-response.schema.json). */
export interface Readiness {
  status: 'ready' | 'not_ready';
  database: { engine: DatabaseEngine; reachable: boolean };
  brands: { valid: { id: string; name: string }[]; refused: { id: string; errors: ConfigIssue[] }[] };
}

/** How long the database may take to answer before readiness says no. */
export const DATABASE_CHECK_TIMEOUT_MS = 2000;

async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      db.query('select 1').then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Ready when the database answers and at least one brand is valid; refused brands are listed either way. */
export async function checkReadiness(db: Database, registry: BrandRegistry): Promise<Readiness> {
  const reachable = await databaseAnswers(db);
  const valid = registry.brands().map((b) => ({ id: b.id, name: b.name }));
  const refused = registry.refused().map((r) => ({ id: r.id, errors: r.errors }));
  return {
    status: reachable && valid.length > 0 ? 'ready' : 'not_ready',
    database: { engine: db.engine, reachable },
    brands: { valid, refused },
  };
}
