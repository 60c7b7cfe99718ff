import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import { ACCOUNT_BRAND_IDS, TEST_RESEND_COOLDOWN_MS } from './fixtures/accounts';
import { BETTING_BRAND_IDS } from './fixtures/betting';
import { DEMO_BRANDS, GENERATED_BRAND, type BrandExpectation } from './fixtures/brands';
import { JOURNEY_JURISDICTIONS, JURISDICTION_JOURNEYS } from './fixtures/jurisdictions';
import { CONSENT_CHOSEN } from './fixtures/consent';
import { prepareBrandsDir } from './fixtures/prepare-brands';
import { VISUAL_WORLD_START } from './fixtures/visual';
import { VERIFICATION_BRAND_IDS } from './fixtures/verification';

// The servers under test are the production build, started once for all projects on the embedded database: one in
// production mode (the brand specs), and one in test mode on the next port, whose development outbox lets the account
// and betting journeys read the SMS and e-mail codes a person would receive (e2e README, "The account journey").
const port = Number(process.env['E2E_PORT'] ?? 4310);
const testModePort = port + 1;
// A second test-mode server without AlbionOdds' hCaptcha secret, so its journeys register through the built-in check.
const journeyPort = port + 2;
// The screenshots' server (ADR 0375): test mode (its outbox opens the accounts) with the feed held in a fixed world.
const visualPort = Number(process.env['E2E_VISUAL_PORT'] ?? port + 3);
// The sandbox casino provider (tools/casino-provider, ADR 0345) as its own process, connected to the journeys' server:
// its games are framed from here and its wallet calls go back there (specs/casino/casino-external.spec.ts).
const casinoProviderPort = Number(process.env['E2E_CASINO_PROVIDER_PORT'] ?? port + 4);
const brandsDir = prepareBrandsDir();
const allBrands = [...DEMO_BRANDS, GENERATED_BRAND];
const brandById = (id: string): BrandExpectation => {
  const brand = allBrands.find((candidate) => candidate.id === id);
  if (!brand) throw new Error(`e2e: ${id} is not one of the e2e brands`);
  return brand;
};
// Production refuses to start without its secrets (docs/adr/0134): a key of this run's own, for both servers.
const serverEnv = {
  BRANDS_DIR: brandsDir,
  PGLITE_DATA_DIR: 'memory://',
  LOG_LEVEL: 'warn',
  ACCOUNT_SECRET_KEY: randomBytes(32).toString('hex'),
  // Every browser test reaches the servers from one address, so the per-address limit of 600 requests a minute (a
  // production guard with its own API tests) would refuse whichever journey happens to run in a busy minute. The
  // per-route limits on sign-in and codes stay as they are.
  RATE_LIMIT_PER_MINUTE: '6000',
};

/** A server of the run, as e2e/start-servers.mjs starts it: command, environment, and the address that says it is up. */
interface ServerSpec {
  name: string;
  command: string[];
  env: Record<string, string>;
  url: string;
}

const servers: ServerSpec[] = [
  {
    name: 'production',
    command: ['node', 'dist/apps/api/main.mjs'],
    url: `http://localhost:${port}/health`,
    // No trading desk on this server: specs/platform checks the site then offers no VIP bets (ADR 0136, 0315).
    env: { ...serverEnv, NODE_ENV: 'production', PORT: String(port), VIP_DESK: 'none' },
  },
  {
    name: 'test-mode',
    command: ['node', 'dist/apps/api/main.mjs'],
    url: `http://localhost:${testModePort}/health`,
    // AlbionOdds keeps hCaptcha on this server, whose page's CSP specs/platform/captcha-csp.spec.ts checks (ADR 0210).
    env: {
      ...serverEnv,
      NODE_ENV: 'test',
      PORT: String(testModePort),
      // Codes may be sent again after 3 s instead of 60 (the 60 s rule has its own API tests): journeys that send a
      // second code do not sit out a minute.
      CODE_RESEND_COOLDOWN_MS: String(TEST_RESEND_COOLDOWN_MS),
      ALBION_ODDS_HCAPTCHA_SECRET: 'e2e-hcaptcha-secret',
    },
  },
  {
    name: 'journeys',
    command: ['node', 'dist/apps/api/main.mjs'],
    url: `http://localhost:${journeyPort}/health`,
    // Traders decide VIP bets in the console here (the risk desk journey); no journey of this server places one otherwise.
    // It also connects the sandbox casino provider below (the casino-external project).
    env: {
      ...serverEnv,
      NODE_ENV: 'test',
      PORT: String(journeyPort),
      VIP_DESK: 'console',
      CASINO_PROVIDER_URL: `http://127.0.0.1:${casinoProviderPort}`,
    },
  },
  {
    name: 'casino-provider',
    command: ['node', 'dist/tools/casino-provider/main.mjs'],
    url: `http://127.0.0.1:${casinoProviderPort}/health`,
    // Test mode on both sides: the development callback secret; the journeys' pages may frame its games.
    env: {
      NODE_ENV: 'test',
      CASINO_PROVIDER_PORT: String(casinoProviderPort),
      CASINO_PROVIDER_HOST: '127.0.0.1',
      PLATFORM_URL: `http://127.0.0.1:${journeyPort}`,
      PROVIDER_ALLOWED_PARENTS: `http://localhost:${journeyPort}`,
    },
  },
  {
    name: 'visual',
    command: ['node', 'dist/apps/api/main.mjs'],
    url: `http://localhost:${visualPort}/health`,
    // A fixed world: the same games, odds and scores on every start, standing still (specs/brand/visual.spec.ts).
    env: {
      ...serverEnv,
      NODE_ENV: 'test',
      PORT: String(visualPort),
      FEED_SPEED: '0',
      FEED_SEED: '1',
      FEED_START: VISUAL_WORLD_START,
    },
  },
];

export default defineConfig<object, { brand: BrandExpectation }>({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  // Tests run in two workers, each test on its own (a test's steps stay in order): every test makes its own accounts,
  // and the betting specs pick games by worker so that none finishes a game another test is betting on
  // (fixtures/betting). The tests of one file need no order, so they spread over the workers too (ADR 0460).
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // Visitors have chosen their cookies, so the consent banner covers nothing (fixtures/consent.ts).
    storageState: CONSENT_CHOSEN,
    // A failed test keeps its trace with the page's DOM before and after each step, but no film strip: its screencast
    // (a JPEG of every frame the page paints) doubled the browser's CPU time on pages whose odds move (ADR 0460).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // One project per brand, as the house style asks: every spec runs under each brand.
  projects: [
    // Longest first: the journeys (long tests, much of it spent waiting on the servers), then the screenshots.
    // One journey per jurisdiction profile, on the journeys' test-mode server (e2e README, "The jurisdiction journeys").
    ...JOURNEY_JURISDICTIONS.map((id) => ({
      name: `jurisdiction-${id}`,
      testDir: './specs/jurisdictions',
      metadata: { jurisdiction: id },
      use: { brand: brandById(JURISDICTION_JOURNEYS[id].brand), baseURL: `http://localhost:${journeyPort}` },
    })),
    // The casino journey registers through the test-mode server's outbox (e2e README, "The casino journey").
    ...BETTING_BRAND_IDS.map((id) => ({
      name: `casino-${id}`,
      testDir: './specs/casino',
      testIgnore: 'casino-external.spec.ts',
      use: { brand: brandById(id), baseURL: `http://localhost:${testModePort}` },
    })),
    // An external provider's slot, on the journeys' server that connects the sandbox provider process (e2e README).
    {
      name: 'casino-external',
      testDir: './specs/casino',
      testMatch: 'casino-external.spec.ts',
      use: { brand: brandById('polar-bet'), baseURL: `http://localhost:${journeyPort}` },
    },
    // Journeys that need the development outbox run against the test-mode server, on brands that differ in the flows.
    ...ACCOUNT_BRAND_IDS.map((id) => ({
      name: `accounts-${id}`,
      testDir: './specs/accounts',
      use: { brand: brandById(id), baseURL: `http://localhost:${testModePort}` },
    })),
    // The betting journey needs the outbox and the simulator's finish control of the test-mode server (e2e README, "The betting journey").
    ...BETTING_BRAND_IDS.map((id) => ({
      name: `betting-${id}`,
      testDir: './specs/betting',
      use: { brand: brandById(id), baseURL: `http://localhost:${testModePort}` },
    })),
    // The operators' console makes its operators through the test-mode server's development endpoint (e2e README, "The console journey").
    {
      name: 'backoffice',
      testDir: './specs/backoffice',
      testIgnore: 'risk-desk.spec.ts',
      use: { baseURL: `http://localhost:${testModePort}` },
    },
    // The risk desk's journey needs a server whose VIP bets wait for the console's traders (e2e README, "The risk desk journey").
    {
      name: 'backoffice-risk',
      testDir: './specs/backoffice',
      testMatch: 'risk-desk.spec.ts',
      use: { baseURL: `http://localhost:${journeyPort}` },
    },
    // The identity verification journey decides through the test-mode server's development endpoint (e2e README, "The verification journey").
    ...VERIFICATION_BRAND_IDS.map((id) => ({
      name: `verification-${id}`,
      testDir: './specs/verification',
      use: { brand: brandById(id), baseURL: `http://localhost:${testModePort}` },
    })),
    // Screenshots of the demo brands against e2e/visual-baselines, on the fixed-world server (e2e README, "Visual
    // regression"; ADR 0375). `npm run e2e:visual:update` writes the baselines again.
    ...DEMO_BRANDS.map((brand) => ({
      name: `visual-${brand.id}`,
      testDir: './specs/brand',
      testMatch: 'visual.spec.ts',
      snapshotPathTemplate: '{testDir}/../../visual-baselines/{arg}{ext}',
      expect: {
        toHaveScreenshot: {
          maxDiffPixelRatio: 0.002,
          animations: 'disabled' as const,
          caret: 'hide' as const,
          scale: 'css' as const,
        },
      },
      use: {
        brand,
        baseURL: `http://localhost:${visualPort}`,
        timezoneId: 'UTC',
        locale: brand.language,
        reducedMotion: 'reduce' as const,
        // No remembered cookie choice: the browser's clock is the world's, months from the server's (the spec says why).
        storageState: { cookies: [], origins: [] },
      },
    })),
    // The brand projects after the journeys: a brand's two long guard walks run beside each other first, and its many
    // short tests fill in around them and at the end of the run, where a long test would leave a worker idle (ADR 0460).
    ...allBrands.map((brand) => ({
      name: brand.id,
      testDir: './specs/brand',
      testIgnore: 'visual.spec.ts',
      use: { brand },
    })),
    // Checks about the platform as a whole (refused brands, readiness) run once, not once per brand.
    { name: 'platform', testDir: './specs/platform' },
  ],
  // The five servers start side by side through one launcher (e2e/start-servers.mjs, ADR 0460): as five entries here
  // Playwright would start them one after the other, each waiting for the one before to answer.
  webServer: {
    command: 'node e2e/start-servers.mjs',
    cwd: '..',
    wait: { stdout: /e2e servers ready/ },
    timeout: 150_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_SERVERS: JSON.stringify(servers), E2E_SERVERS_TIMEOUT_MS: '140000' },
  },
});
