// The brands folder of the bad-input drill: the benchmark's brands, with the load brand (bench-load, PolarBet without
// a captcha) hiding part of the feed, so the drill can bet on games a bettor's brand and country do not offer (issue
// 12, item 1; ADR 0190): in every country ice hockey (sport 2) is disallowed and cyber sports are off, in `ru` live
// betting is off, in `kz` the pre-match line is.
import fs from 'node:fs';
import path from 'node:path';
import { benchBrandsDir, BENCH_LOAD_BRAND } from '../harness/bench-brands';

/** The sport the drill's brand disallows (the simulator's ice hockey). */
export const OFFER_DISALLOWED_SPORT = 2;
/** The drill brand's countries: `ru` without live betting, `kz` without the pre-match line. */
export const OFFER_COUNTRIES = { liveOff: 'ru', lineOff: 'kz' } as const;

type Json = Record<string, unknown>;

function merge(file: string, betting: Json): void {
  const data = (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}) as Json;
  data['betting'] = { ...((data['betting'] as Json | undefined) ?? {}), ...betting };
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

/** `<root>/tmp/bench-brands-offer`: {@link benchBrandsDir} with bench-load's offer narrowed as above. */
export function offerBrandsDir(root: string): string {
  const dir = path.join(root, 'tmp', 'bench-brands-offer');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(benchBrandsDir(root), dir, { recursive: true });
  const brand = path.join(dir, BENCH_LOAD_BRAND);
  merge(path.join(brand, 'brand.json'), { disallowedSports: [OFFER_DISALLOWED_SPORT], cyber: { enabled: false } });
  fs.mkdirSync(path.join(brand, 'countries'), { recursive: true });
  merge(path.join(brand, 'countries', `${OFFER_COUNTRIES.liveOff}.json`), { live: { enabled: false } });
  merge(path.join(brand, 'countries', `${OFFER_COUNTRIES.lineOff}.json`), { line: { enabled: false } });
  return dir;
}
