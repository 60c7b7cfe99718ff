// The casino lobby on the phone profile with 1,000 games in the catalogue (issue 15: LCP ≤ 1.2 s, CLS ≤ 0.02).
// Two production servers each connect the sandbox game provider as its own process (tools/casino-provider, from the
// bundle dist/tools/casino-provider/main.mjs): one provider publishes 1,000 games (PROVIDER_GAME_COUNT, and the
// platform lists the same ones, CASINO_PROVIDER_GAME_COUNT), the other its own three. Debian's Chromium loads
// `/<lng>/casino` of the bench-load brand from each under the vitals area's phone: Chromium's own network emulation
// (slow 4G) and a CPU throttle calibrated to the reference device each round (vitals.area.ts `calibrate`). Nothing is
// intercepted: the catalogue the page shows is the server's answer, checked beforehand to hold at least 1,000 games.
// Beside each load, in the same round, the same lobby on the server with the provider's normal catalogue: the ratio
// of LCPs is what 1,000 entries cost the page over a handful on this host.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import type { CasinoCatalogueResponse } from '@tessera/shared/contract-api';
import { BENCH_LOAD_BRAND } from '../harness/bench-brands';
import { launchChromium, MOBILE_PROFILE, phoneContext } from '../harness/browser';
import type { BenchContext } from '../harness/context';
import { notMeasured, sampled, type Figure } from '../harness/figure';
import type { ApiProcess } from '../harness/servers';
import { ratio } from '../harness/stats';
import { loadCollecting } from '../vitals/collector';
import { calibrate } from '../vitals/vitals.area';
import { cumulativeLayoutShift } from '../vitals/vitals-math';

const AREA = 'casino';

/** Issue 15's lobby budgets (the phone profile of issue 6). */
export const LOBBY_BUDGETS = { games: 1_000, lcpSeconds: 1.2, cls: 0.02 } as const;

/** After the load event, how long to keep observing late paints and shifts (the catalogue arrives after hydration). */
const SETTLE_MS = 3_000;

/** This part's ports (5480–5489): the big catalogue's platform and provider, then the normal one's. */
const PORTS = { bigPlatform: 5480, bigProvider: 5481, smallPlatform: 5482, smallProvider: 5483 } as const;

/** Why a catalogue answer cannot stand for `wanted` games, or undefined when it can (enabled, enough distinct ids). */
export function catalogueShortfall(catalogue: CasinoCatalogueResponse, wanted: number): string | undefined {
  if (!catalogue.enabled) return 'the casino is off for the bench brand';
  const ids = new Set(catalogue.games.map((g) => g.id));
  if (ids.size < wanted) return `the server's catalogue holds ${ids.size} distinct games, not ${wanted}`;
  return undefined;
}

/** The provider process from the bundle, publishing `games` games, its wallet calls going to `platformUrl`. */
async function startProvider(
  ctx: BenchContext,
  entry: string,
  port: number,
  platformUrl: string,
  secret: string,
  games: number,
): Promise<ChildProcess> {
  const logFile = path.join(ctx.tmpDir, 'logs', `casino-provider-${port}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [entry], {
    cwd: ctx.root,
    env: {
      PATH: process.env['PATH'],
      NODE_ENV: 'production',
      CASINO_PROVIDER_PORT: String(port),
      CASINO_PROVIDER_HOST: '127.0.0.1',
      PLATFORM_URL: platformUrl,
      CASINO_PROVIDER_SECRET: secret,
      PROVIDER_GAME_COUNT: String(games),
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the casino provider exited (${logFile})`);
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`the casino provider did not start on ${port} (${logFile})`);
}

interface LobbyLoad {
  lcp: number;
  cls: number;
  cards: number;
}

async function loadLobby(browser: Browser, url: string, cpuRate: number): Promise<LobbyLoad> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    const v = await loadCollecting(page, url, cpuRate, SETTLE_MS);
    const cards = await page.getByRole('link').count();
    return { lcp: v.lcp === null ? NaN : v.lcp / 1000, cls: cumulativeLayoutShift(v.shifts), cards };
  } finally {
    await context.close();
  }
}

/** The lobby figures: LCP and CLS with 1,000 games, and LCP over the same lobby with the provider's normal catalogue. */
export async function lobbyFigures(ctx: BenchContext): Promise<Figure[]> {
  const names = {
    lcp: `lobby with ${LOBBY_BUDGETS.games} games, phone: LCP`,
    cls: `lobby with ${LOBBY_BUDGETS.games} games, phone: CLS`,
    ratio: `lobby LCP with ${LOBBY_BUDGETS.games} games ÷ with the provider's normal catalogue (same round)`,
  };
  const entry = path.join(ctx.root, 'dist', 'tools', 'casino-provider', 'main.mjs');
  await ctx.dist();
  if (!fs.existsSync(entry))
    return [notMeasured(AREA, names.lcp, `no provider bundle at ${path.relative(ctx.root, entry)}`, { unit: 's' })];
  // The provider bundle is copied like the API's, so another session's build cannot swap it mid-run.
  const providerEntry = path.join(ctx.tmpDir, 'casino-provider', 'main.mjs');
  fs.mkdirSync(path.dirname(providerEntry), { recursive: true });
  fs.cpSync(path.dirname(entry), path.dirname(providerEntry), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  const providers: ChildProcess[] = [];
  const servers: { big?: ApiProcess; small?: ApiProcess } = {};
  try {
    for (const side of ['big', 'small'] as const) {
      const games = side === 'big' ? LOBBY_BUDGETS.games : 3;
      const platformPort = side === 'big' ? PORTS.bigPlatform : PORTS.smallPlatform;
      const providerPort = side === 'big' ? PORTS.bigProvider : PORTS.smallProvider;
      servers[side] = await ctx.startApi({
        name: `casino-lobby-${side}`,
        engine: 'pglite',
        port: platformPort,
        env: {
          CASINO_PROVIDER_URL: `http://127.0.0.1:${providerPort}`,
          CASINO_PROVIDER_SECRET: secret,
          CASINO_PROVIDER_GAME_COUNT: String(games),
        },
      });
      providers.push(
        await startProvider(ctx, providerEntry, providerPort, `http://127.0.0.1:${platformPort}`, secret, games),
      );
    }
    const big = servers.big as ApiProcess;
    const small = servers.small as ApiProcess;
    const catalogueOf = async (api: ApiProcess) => {
      const res = await fetch(`${api.baseUrl}/web-api/casino/catalogue?brand=${BENCH_LOAD_BRAND}`);
      if (!res.ok) throw new Error(`the catalogue answered ${res.status}`);
      return { text: await res.text(), encoding: res.headers.get('content-encoding') };
    };
    const bigAnswer = await catalogueOf(big);
    const bigCatalogue = JSON.parse(bigAnswer.text) as CasinoCatalogueResponse;
    const shortfall = catalogueShortfall(bigCatalogue, LOBBY_BUDGETS.games);
    if (shortfall) return [notMeasured(AREA, names.lcp, shortfall, { unit: 's' })];
    const smallCatalogue = JSON.parse((await catalogueOf(small)).text) as CasinoCatalogueResponse;
    const providerList = (await (await fetch(`http://127.0.0.1:${PORTS.bigProvider}/games`)).json()) as {
      games: unknown[];
    };
    const config = (await (await fetch(`${big.baseUrl}/web-api/site-config?brand=${BENCH_LOAD_BRAND}`)).json()) as {
      language: string;
    };
    const page = `/${config.language}/casino?brand=${BENCH_LOAD_BRAND}`;
    ctx.note(
      AREA,
      `lobby: ${page} on two production servers, each with the sandbox provider as its own process: ` +
        `${bigCatalogue.games.length} games in the catalogue (provider publishing ${providerList.games.length}), ` +
        `${Math.round(bigAnswer.text.length / 1024)} KB JSON, against ${smallCatalogue.games.length} with its normal catalogue; ` +
        `Chromium's network emulation (slow 4G: ${MOBILE_PROFILE.network.latency} ms round trip), nothing intercepted`,
    );
    return await measure(ctx, names, `${big.baseUrl}${page}`, `${small.baseUrl}${page}`);
  } finally {
    for (const child of providers) child.kill('SIGTERM');
    await servers.big?.stop().catch(() => undefined);
    await servers.small?.stop().catch(() => undefined);
  }
}

async function measure(
  ctx: BenchContext,
  names: { lcp: string; cls: string; ratio: string },
  bigUrl: string,
  smallUrl: string,
): Promise<Figure[]> {
  const browser = await launchChromium();
  const rounds: { lcp: number; cls: number; small: number; cards: number; rate: number }[] = [];
  try {
    for (let r = 0; r < ctx.rounds; r++) {
      const cal = await calibrate(browser);
      // Alternate which one loads first, so a burst of other load does not always land on the same side.
      const order = r % 2 === 0 ? (['big', 'small'] as const) : (['small', 'big'] as const);
      let bigLoad: LobbyLoad | undefined;
      let smallLoad: LobbyLoad | undefined;
      for (const side of order) {
        if (side === 'big') bigLoad = await loadLobby(browser, bigUrl, cal.rate);
        else smallLoad = await loadLobby(browser, smallUrl, cal.rate);
      }
      const b = bigLoad as LobbyLoad;
      const s = smallLoad as LobbyLoad;
      rounds.push({ lcp: b.lcp, cls: b.cls, small: s.lcp, cards: b.cards, rate: cal.rate });
      ctx.log(
        `casino: lobby round ${r + 1}: LCP ${b.lcp.toFixed(2)} s (normal catalogue ${s.lcp.toFixed(2)} s), CLS ${b.cls.toFixed(3)}, ${b.cards} links, CPU ×${cal.rate}`,
      );
    }
  } finally {
    await browser.close();
  }
  const rates = rounds.map((r) => r.rate).join(', ');
  return [
    sampled({
      area: AREA,
      name: names.lcp,
      rounds: rounds.map((r) => r.lcp),
      unit: 's',
      budget: LOBBY_BUDGETS.lcpSeconds,
      notes: `CPU throttle per round ×${rates} (calibrated to the reference phone); slow 4G`,
      meaning: 'issue 15: the lobby with 1,000 games paints its largest element within 1.2 s on the phone profile',
    }),
    sampled({
      area: AREA,
      name: names.cls,
      rounds: rounds.map((r) => Number(r.cls.toFixed(4))),
      unit: '',
      budget: LOBBY_BUDGETS.cls,
      notes: `links on the page after the catalogue arrived: ${rounds.map((r) => r.cards).join(', ')} (the grid draws the rows near the viewport)`,
      meaning: 'issue 15: the grid of 1,000 games arrives without moving what is already on screen',
    }),
    sampled({
      area: AREA,
      name: names.ratio,
      rounds: rounds.map((r) => Number(ratio(r.lcp, r.small).toFixed(2))),
      unit: '×',
      notes: `normal catalogue LCP ${rounds.map((r) => r.small.toFixed(2)).join(', ')} s`,
    }),
  ];
}
