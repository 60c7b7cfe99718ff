import { defineConfig } from '@playwright/test';
import { DEMO_BRANDS, GENERATED_BRAND, type BrandExpectation } from './fixtures/brands';
import { prepareBrandsDir } from './fixtures/prepare-brands';

// The servers under test are the production build, started once for all projects on the embedded database.
const port = Number(process.env['E2E_PORT'] ?? 4310);
const brandsDir = prepareBrandsDir();

export default defineConfig<object, { brand: BrandExpectation }>({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
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
    ...[...DEMO_BRANDS, GENERATED_BRAND].map((brand) => ({ name: brand.id, testDir: './specs/brand', use: { brand } })),
    // Checks about the platform as a whole (refused brands, readiness) run once, not once per brand.
    { name: 'platform', testDir: './specs/platform' },
  ],
  webServer: {
    command: 'node dist/apps/api/main.mjs',
    cwd: '..',
    url: `http://localhost:${port}/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      BRANDS_DIR: brandsDir,
      PGLITE_DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
    },
  },
});
