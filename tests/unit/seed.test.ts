import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultSeed, seedFrom } from '../support/seed.ts';

describe('the one seed of the property tests', () => {
  it('is FC_SEED when set, a fresh integer for "random", else the fixed default', () => {
    expect(seedFrom(undefined)).toBe(defaultSeed);
    expect(seedFrom('')).toBe(defaultSeed);
    expect(seedFrom('-489081325')).toBe(-489081325);
    expect(Number.isInteger(seedFrom('random'))).toBe(true);
    expect(() => seedFrom('tomorrow')).toThrow('FC_SEED must be an integer or "random", not "tomorrow"');
  });

  it('is the seed every fc.assert of this run starts from', () => {
    const seed = fc.readConfigureGlobal().seed;
    expect(process.env.FC_SEED === 'random' ? Number.isInteger(seed) : seed).toBe(process.env.FC_SEED === 'random' ? true : seedFrom(process.env.FC_SEED));
    const first: number[] = [];
    fc.assert(
      fc.property(fc.integer(), (n) => void first.push(n)),
      { numRuns: 5 },
    );
    const again: number[] = [];
    fc.assert(
      fc.property(fc.integer(), (n) => void again.push(n)),
      { numRuns: 5 },
    );
    expect(again).toEqual(first);
  });
});
