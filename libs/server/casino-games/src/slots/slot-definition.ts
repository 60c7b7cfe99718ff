/**
 * A video slot as data (README, "Slots"): reel strips, rows, paylines and paytable. The engine and the RTP calculator
 * read only this, so a new themed slot is a JSON file.
 */
export interface SlotDefinition {
  /** The game id: kebab-case, also the stem of its translation keys (`casino:games.<camelCase id>.*`). */
  id: string;
  /** Visible rows per reel. */
  rows: number;
  /** Base-game reel strips, one array of symbol ids per reel; a stop shows `rows` consecutive symbols (wrapping). */
  reels: string[][];
  /** Reel strips of the free spins; the base strips when absent. */
  freeSpinReels?: string[][];
  /** Paylines: for each line, the row (0 = top) on each reel. */
  lines: number[][];
  /** The wild symbol: substitutes for every symbol but the scatter, and pays on its own. */
  wild: string;
  /** The scatter symbol: pays and awards free spins wherever it lands. */
  scatter: string;
  /** Line pays: symbol → run length ("3", "4", "5") → multiple of the line bet (stake ÷ lines). */
  pays: Record<string, Record<string, number>>;
  /** Scatter pays: number of scatters anywhere → multiple of the total stake. */
  scatterPays: Record<string, number>;
  /** Free spins: number of scatters → spins awarded (base game only), and what their wins are multiplied by. */
  freeSpins: { awards: Record<string, number>; multiplier: number };
}

/** A definition checked and turned into integer tables for the engine's hot path. */
export interface CompiledSlot {
  definition: SlotDefinition;
  /** Symbol ids by index. */
  symbols: string[];
  wild: number;
  scatter: number;
  reels: Int32Array[];
  freeSpinReels: Int32Array[];
  lines: Int32Array[];
  rows: number;
  /** linePay[symbol][runLength] in line bets (0 where nothing pays). */
  linePay: number[][];
  /** scatterPay[count] in stakes. */
  scatterPay: number[];
  /** awards[count] free spins. */
  awards: number[];
  multiplier: number;
}

function fail(id: string, message: string): never {
  throw new Error(`slot ${id}: ${message}`);
}

function nonNegativeInteger(id: string, what: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    fail(id, `${what} must be a non-negative integer, got ${String(value)}`);
  return value;
}

/** Checks a definition (shape, symbols, lines within the window, integer pays) and compiles it; throws naming the fault. */
export function compileSlot(definition: SlotDefinition): CompiledSlot {
  const d = definition;
  const id = d.id;
  if (!/^[a-z][a-z0-9-]*$/.test(id)) fail(id, 'the id must be kebab-case');
  if (!Number.isInteger(d.rows) || d.rows < 1) fail(id, 'rows must be a positive integer');
  const reelCount = d.reels.length;
  if (reelCount < 3) fail(id, 'at least 3 reels');
  const freeReels = d.freeSpinReels ?? d.reels;
  if (freeReels.length !== reelCount) fail(id, 'freeSpinReels must have as many reels as reels');
  const symbols = [...new Set([...d.reels.flat(), ...freeReels.flat()])].sort();
  const index = new Map(symbols.map((s, i) => [s, i]));
  for (const strip of [...d.reels, ...freeReels])
    if (strip.length < d.rows) fail(id, `a reel strip is shorter than the ${d.rows} visible rows`);
  const wild = index.get(d.wild) ?? fail(id, `the wild ${d.wild} is on no reel`);
  const scatter = index.get(d.scatter) ?? fail(id, `the scatter ${d.scatter} is on no reel`);
  if (wild === scatter) fail(id, 'the wild and the scatter must differ');
  if (d.lines.length === 0) fail(id, 'at least one payline');
  for (const [n, line] of d.lines.entries()) {
    if (line.length !== reelCount) fail(id, `line ${n + 1} names ${line.length} reels, not ${reelCount}`);
    if (line.some((row) => !Number.isInteger(row) || row < 0 || row >= d.rows))
      fail(id, `line ${n + 1} leaves the ${d.rows} rows`);
  }
  const lineKeys = new Set(d.lines.map((l) => l.join(',')));
  if (lineKeys.size !== d.lines.length) fail(id, 'two paylines are the same');
  const linePay = symbols.map(() => new Array<number>(reelCount + 1).fill(0));
  for (const [symbol, table] of Object.entries(d.pays)) {
    const s = index.get(symbol) ?? fail(id, `pays name ${symbol}, which is on no reel`);
    if (s === scatter) fail(id, 'the scatter pays through scatterPays, not line pays');
    for (const [run, pay] of Object.entries(table)) {
      const k = Number(run);
      if (!Number.isInteger(k) || k < 1 || k > reelCount) fail(id, `${symbol} pays for a run of ${run}`);
      (linePay[s] as number[])[k] = nonNegativeInteger(id, `pay of ${symbol} × ${run}`, pay);
    }
  }
  const maxScatters = reelCount * d.rows;
  const scatterPay = new Array<number>(maxScatters + 1).fill(0);
  for (const [count, pay] of Object.entries(d.scatterPays)) {
    const c = Number(count);
    if (!Number.isInteger(c) || c < 1 || c > maxScatters) fail(id, `scatter pays for ${count} scatters`);
    scatterPay[c] = nonNegativeInteger(id, `scatter pay for ${count}`, pay);
  }
  const awards = new Array<number>(maxScatters + 1).fill(0);
  for (const [count, spins] of Object.entries(d.freeSpins.awards)) {
    const c = Number(count);
    if (!Number.isInteger(c) || c < 1 || c > maxScatters) fail(id, `free spins for ${count} scatters`);
    awards[c] = nonNegativeInteger(id, `free spins for ${count}`, spins);
  }
  const multiplier = nonNegativeInteger(id, 'the free-spin multiplier', d.freeSpins.multiplier);
  if (multiplier < 1) fail(id, 'the free-spin multiplier is at least 1');
  const toStrip = (strip: string[]) => Int32Array.from(strip, (s) => index.get(s) ?? -1);
  return {
    definition: d,
    symbols,
    wild,
    scatter,
    reels: d.reels.map(toStrip),
    freeSpinReels: freeReels.map(toStrip),
    lines: d.lines.map((l) => Int32Array.from(l)),
    rows: d.rows,
    linePay,
    scatterPay,
    awards,
    multiplier,
  };
}
