import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A source of uniformly distributed 32-bit unsigned integers; every game draws only through it. */
export interface RandomSource {
  nextUint32(): number;
}

/** The three inputs that fix a round's randomness (README, "Provably fair"). */
export interface FairSeeds {
  /** 64 hex characters, secret until the player rotates their seed pair. */
  serverSeed: string;
  /** Chosen by the player (1 to 64 printable characters); part of every HMAC message. */
  clientSeed: string;
  /** The round's number under this seed pair, from 0. */
  nonce: number;
}

const serverSeedPattern = /^[0-9a-f]{64}$/;
const clientSeedPattern = /^[\x21-\x7e]{1,64}$/;

/** A fresh server seed: 32 bytes from the operating system's cryptographic generator, as hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A client seed for a player who did not choose one: 16 random bytes as hex. */
export function newClientSeed(): string {
  return randomBytes(16).toString('hex');
}

/** What is shown before play: SHA-256 of the server seed's hex text, as hex. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** Whether `clientSeed` is acceptable: 1 to 64 printable ASCII characters without spaces. */
export function isValidClientSeed(clientSeed: string): boolean {
  return clientSeedPattern.test(clientSeed);
}

/**
 * The round's random stream: HMAC-SHA256 keyed by the server seed (its hex text) over `clientSeed:nonce:cursor`,
 * cursor 0, 1, 2, ... as more numbers are needed; each 32-byte digest gives eight big-endian 32-bit integers. Anyone
 * with the revealed server seed recomputes it with any HMAC tool.
 */
export class FairRandom implements RandomSource {
  private block: Buffer = Buffer.alloc(0);
  private offset = 32;
  private cursor = 0;

  constructor(private readonly seeds: FairSeeds) {
    if (!serverSeedPattern.test(seeds.serverSeed))
      throw new RangeError('FairRandom: the server seed is 64 hex characters');
    if (!isValidClientSeed(seeds.clientSeed)) throw new RangeError('FairRandom: invalid client seed');
    if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) throw new RangeError('FairRandom: invalid nonce');
  }

  nextUint32(): number {
    if (this.offset >= 32) {
      this.block = createHmac('sha256', this.seeds.serverSeed)
        .update(`${this.seeds.clientSeed}:${this.seeds.nonce}:${this.cursor}`)
        .digest();
      this.cursor += 1;
      this.offset = 0;
    }
    const value = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  /** How many HMAC blocks the round used so far (the verify page lists them). */
  get blocksUsed(): number {
    return this.cursor;
  }
}

const TWO_32 = 0x1_0000_0000;

/**
 * A uniform integer in [0, n) for 1 ≤ n ≤ 2^32, without modulo bias: draws at or above the largest multiple of n
 * below 2^32 are rejected and drawn again (at most n/2^32 of draws, so nearly never for a game's small ranges).
 */
export function randomInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`randomInt: range ${n} is not 1..2^32`);
  if (n === 1) return 0;
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const u = source.nextUint32();
    if (u < limit) return u % n;
  }
}

/** A uniform integer in [0, 2^52): the top 20 bits of one draw and all 32 of the next. */
export function random52(source: RandomSource): number {
  const high = source.nextUint32() >>> 12;
  return high * TWO_32 + source.nextUint32();
}

/** A uniform float in [0, 1) with 52 random bits. */
export function randomFloat(source: RandomSource): number {
  return random52(source) / 2 ** 52;
}
