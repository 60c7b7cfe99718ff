import { describe, expect, it } from 'vitest';
import type { ApiProcess } from '../harness/servers';
import { postgresTarget, singleBet } from './bettors';

const api = (engine: 'pglite' | 'postgres', databaseUrl?: string): ApiProcess =>
  ({ engine, options: { engine, logFile: '', ...(databaseUrl ? { databaseUrl } : {}) } }) as unknown as ApiProcess;

describe('postgresTarget', () => {
  it('reads the schema from the search_path option and gives the URL without it', () => {
    const t = postgresTarget(
      api('postgres', 'postgres://postgres@127.0.0.1:5432/test?options=-c+search_path%3Dbench_api_1a2b'),
    );
    expect(t).toEqual({ url: 'postgres://postgres@127.0.0.1:5432/test', schema: 'bench_api_1a2b' });
  });

  it('has nothing to say about PGlite or a URL without a schema', () => {
    expect(postgresTarget(api('pglite'))).toBeUndefined();
    expect(postgresTarget(api('postgres', 'postgres://postgres@127.0.0.1:5432/test'))).toBeUndefined();
  });
});

describe('singleBet', () => {
  it('is a single at the given stake that accepts any odds change, with the contract names', () => {
    const body = JSON.parse(
      singleBet('6f1c7f38-7d4e-4d7e-9d65-0f5f3c9b1a11', { gameId: 7, outcomeId: '7:1x2:home', coef: 2.1 }, 0.5),
    ) as Record<string, unknown>;
    expect(body).toEqual({
      betGUID: '6f1c7f38-7d4e-4d7e-9d65-0f5f3c9b1a11',
      Events: [{ gameId: 7, outcomeId: '7:1x2:home', coef: 2.1 }],
      vid: 0,
      Summ: 0.5,
      CheckCf: 2,
    });
  });
});
