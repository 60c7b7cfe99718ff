// The API killed with SIGKILL under read load while its feed writes, then restarted on the same data: how long
// until it is ready again, and whether it still serves the site configuration and the line.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { BenchContext } from '../harness/context';
import { figure, type Figure } from '../harness/figure';
import type { Engine } from '../harness/servers';

const AREA = 'drills';

/** Kills and restarts the API on `engine`; PGlite runs on a data folder so the restart finds the same data. */
export async function restartDrill(ctx: BenchContext, engine: Engine): Promise<Figure[]> {
  const label = `API restart after SIGKILL (${engine})`;
  const dataDir = path.join(ctx.tmpDir, `restart-pglite-${Date.now()}`);
  const schema = engine === 'postgres' ? await ctx.postgresSchema('restart') : undefined;
  const base = { engine, ...(schema ? { databaseUrl: schema.url } : { pgliteDataDir: dataDir }) };
  const first = await ctx.startApi({ name: `restart-${engine}-1`, ...base, env: { FEED_SPEED: '60' } });
  try {
    // Kill in the middle of a read load; the feed simulator writes at 60× speed meanwhile.
    const loadRun = autocannon({
      url: `${first.baseUrl}/service-api/LineFeed/Get1x2_VZip?count=20`,
      connections: 8,
      duration: 4,
    });
    await new Promise((r) => setTimeout(r, 2_000));
    await first.kill();
    await loadRun.catch(() => undefined);
    const started = Date.now();
    const second = await ctx.startApi({
      name: `restart-${engine}-2`,
      ...base,
      port: first.port,
      env: { FEED_SPEED: '60' },
    });
    const readyMs = Date.now() - started;
    try {
      const config = await fetch(`${second.baseUrl}/web-api/site-config`);
      const line = await fetch(`${second.baseUrl}/service-api/LineFeed/Get1x2_VZip?count=5`);
      const games = line.ok ? (((await line.json()) as { games?: unknown[] }).games?.length ?? 0) : 0;
      return [
        figure({
          area: AREA,
          name: `${label}: time to ready`,
          value: readyMs / 1000,
          unit: 's',
          budget: 30,
          notes: 'process start, database open and recovery, migrations, brand load',
        }),
        figure({
          area: AREA,
          name: `${label}: serves site config and line afterwards`,
          value: config.ok && games > 0 ? 1 : 0,
          unit: 'yes=1',
          budget: 1,
          better: 'higher',
          notes: `site-config ${config.status}, line ${line.status} with ${games} games`,
        }),
      ];
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
