// The brands folder the benchmark's API processes run with: the demo brands as committed, plus one brand for the load
// of accounts (sign-in, bet placement, the crash drill). Since ADR 0160 every demo brand offering one-click
// registration guards it with the server-checked puzzle, which a production server gives no way to solve: that is the
// point of it. The load brand is PolarBet with its captcha off (a configuration any operator may choose), so the
// figures measure sign-in and bet placement, not a person solving a puzzle.
import fs from 'node:fs';
import path from 'node:path';

/** The id of the benchmark's own brand: PolarBet without a captcha. */
export const BENCH_LOAD_BRAND = 'bench-load';
/** The demo brand it copies. */
const SOURCE_BRAND = 'polar-bet';

const prepared = new Map<string, string>();

/** `<root>/tmp/bench-brands` (demo brands + the load brand), written afresh once per benchmark process. */
export function benchBrandsDir(root: string): string {
  const done = prepared.get(root);
  if (done) return done;
  const dir = path.join(root, 'tmp', 'bench-brands');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'brands'), dir, { recursive: true });
  const brandDir = path.join(dir, BENCH_LOAD_BRAND);
  fs.cpSync(path.join(dir, SOURCE_BRAND), brandDir, { recursive: true });
  const file = path.join(brandDir, 'brand.json');
  const brand = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    global: { domains?: string[]; brandName?: string };
    captcha?: Record<string, unknown>;
  };
  brand.global.domains = [`${BENCH_LOAD_BRAND}.localhost`];
  brand.global.brandName = `${brand.global.brandName ?? SOURCE_BRAND} (bench)`;
  brand.captcha = { ...brand.captcha, type: 'none' };
  fs.writeFileSync(file, `${JSON.stringify(brand, null, 2)}\n`);
  prepared.set(root, dir);
  return dir;
}
