/**
 * A small seeded pseudo-random generator (mulberry32) with the draws the simulator needs.
 * Math.random is never used: the same seed must give the same feed on every machine.
 */

/** Mixes a seed and a label (a game id, a stream name) into an independent 32-bit seed. */
export function deriveSeed(seed: number, label: string | number): number {
  // FNV-1a over the label, folded with the seed, then one avalanche round so near labels diverge.
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  const text = String(label);
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** A deterministic random stream; every draw advances the state by one step. */
export class Prng {
  private state: number;

  /** Creates a stream from a 32-bit seed. */
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    // mulberry32: fast, 32-bit state, good enough statistical quality for a simulation.
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Prng.pick: empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A standard normal draw (Box-Muller), scaled to the given mean and standard deviation. */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A copy that continues from the same state (for look-ahead without disturbing this stream). */
  clone(): Prng {
    return new Prng(this.state);
  }

  /** The internal state, so a stream can be saved and restored. */
  get seedState(): number {
    return this.state;
  }
}
