import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxProviderGames, verifyExternalRequest } from '@tessera/server/casino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderServer } from './provider-server';

// The provider publishing 1,000 games (PROVIDER_GAME_COUNT): every one listed, and a generated one launches and plays
// a round through the seamless wallet against a stand-in platform that checks each call's signature over real HTTP.
const SECRET = 'vitest-casino-provider-secret-0123456789abcdef';
const PARENT = 'http://lobby.example';

interface Call {
  action: string;
  body: Record<string, unknown>;
}

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

describe('the provider with PROVIDER_GAME_COUNT=1000', () => {
  const calls: Call[] = [];
  let balance = 10_000;
  const platform = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      verifyExternalRequest(SECRET, text, request.headers['x-casino-signature'] as string | undefined, new Date());
      const body = JSON.parse(text) as Record<string, unknown>;
      const action = (request.url ?? '').split('/').pop() ?? '';
      calls.push({ action, body });
      if (action === 'bet') balance -= Number(body['amount']);
      if (action === 'win') balance += Number(body['amount']);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'OK', token: 'tok', currency: 'EUR', balance }));
    });
  });
  let platformUrl = '';
  let providerUrl = '';
  const logged: string[] = [];
  let stop: (() => void) | undefined;

  beforeAll(async () => {
    platformUrl = await listen(platform);
    const provider = createProviderServer({
      platformUrl,
      slug: 'northlight',
      secret: SECRET,
      allowedParents: [PARENT],
      timeoutMs: 2_000,
      attempts: 1,
      backoffMs: 0,
      resendIntervalMs: 3_600_000,
      devControls: false,
      faults: [],
      gameCount: 1_000,
      log: (line) => logged.push(line),
    });
    stop = provider.stop;
    providerUrl = await listen(provider.server);
  });
  afterAll(() => {
    stop?.();
    platform.close();
  });

  it('lists 1,000 distinct games, its three variants first, the same list the platform is configured with', async () => {
    const { games } = (await (await fetch(`${providerUrl}/games`)).json()) as {
      games: {
        id: string;
        name: string;
        variant: string;
        tags: string[];
        isNew: boolean;
        categories: string[];
        rtpPercent: string;
      }[];
    };
    expect(games).toHaveLength(1_000);
    expect(new Set(games.map((g) => g.id)).size).toBe(1_000);
    expect(new Set(games.map((g) => g.name)).size).toBe(1_000);
    expect(games.slice(0, 3).map((g) => g.id)).toEqual(['lucky-lanterns', 'nordic-runes', 'desert-gold']);
    expect(games[999]).toMatchObject({
      id: 'lucky-lanterns-1000',
      name: 'Lucky Lanterns 1000',
      variant: 'lucky-lanterns',
    });
    expect(games.filter((g) => g.isNew).length).toBeGreaterThan(50);
    expect(new Set(games.map((g) => g.tags.join('+'))).size).toBe(3);
    const platformList = sandboxProviderGames(1_000);
    expect(
      games.map((g) => ({ id: g.id, name: g.name, tags: g.tags, isNew: g.isNew, categories: g.categories })),
    ).toEqual(
      platformList.map((g) => ({
        id: g.providerGameId,
        name: g.name,
        tags: g.tags,
        isNew: g.isNew,
        categories: g.categories,
      })),
    );
  });

  it('launches a generated game and plays a round of its variant: a bet and a win naming that game', async () => {
    const launch = await fetch(
      `${providerUrl}/launch?token=t0&game=nordic-runes-0749&currency=EUR&lang=en&parent=${encodeURIComponent(PARENT)}`,
    );
    expect(launch.status).toBe(200);
    const html = await launch.text();
    expect(html).toContain('Nordic Runes 0749');
    const session = /"session":"(s-[A-Za-z0-9_-]+)"/.exec(html)?.[1];
    expect(session).toBeDefined();
    const spin = await fetch(`${providerUrl}/api/spin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, stake: 20 }),
    });
    expect(spin.status).toBe(200);
    const round = (await spin.json()) as { stake: number; win: number; balance: number; settled: boolean };
    expect(round).toMatchObject({ stake: 20, settled: true, balance: 10_000 - 20 + round.win });
    expect(calls.map((c) => c.action)).toEqual(['balance', 'bet', 'win']);
    for (const call of calls) expect(call.body['gameId']).toBe('nordic-runes-0749');
    // An id past the published count is no game of this provider.
    const unknown = await fetch(
      `${providerUrl}/launch?token=t0&game=nordic-runes-1001&currency=EUR&lang=en&parent=${encodeURIComponent(PARENT)}`,
    );
    expect(unknown.status).toBe(404);
  });
});
