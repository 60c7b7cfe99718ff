import type { RandomSource } from '../fair-random';

/** A source that returns the given 32-bit values in order (tests: a draw below the rejection limit is used as is). */
export class ScriptedRandom implements RandomSource {
  private next = 0;

  constructor(private readonly values: readonly number[]) {}

  nextUint32(): number {
    const value = this.values[this.next];
    if (value === undefined) throw new Error(`ScriptedRandom: only ${this.values.length} values were scripted`);
    this.next += 1;
    return value;
  }

  /** How many values were drawn. */
  get used(): number {
    return this.next;
  }
}
