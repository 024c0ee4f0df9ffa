/** The seed of the property tests when FC_SEED is not set (tests/setup/seed.ts). */
export const defaultSeed = 20_261_128;

/** The seed FC_SEED names: an integer, `random` for a fresh one, or the default when unset. */
export function seedFrom(value: string | undefined): number {
  if (value === undefined || value === '') return defaultSeed;
  if (value === 'random') return (Math.random() * 2 ** 32) | 0;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", not "${value}"`);
  return seed | 0;
}
