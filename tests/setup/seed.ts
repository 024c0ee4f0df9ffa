import fc from 'fast-check';
import { beforeEach } from 'vitest';

/**
 * Every property test runs from one seed, so a failure is reproducible from CI's log: the seed is FC_SEED
 * (an integer, or `random` for a fresh one each run, to explore), else a fixed default. A failing test prints
 * it with the command that runs it again; fast-check's own report adds the path to the shrunk case.
 */
export const defaultSeed = 20_261_128;

export function seedFrom(value: string | undefined): number {
  if (value === undefined || value === '') return defaultSeed;
  if (value === 'random') return (Math.random() * 2 ** 32) | 0;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", not "${value}"`);
  return seed | 0;
}

const seed = seedFrom(process.env.FC_SEED);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => {
    console.error(`fast-check seed ${seed}: FC_SEED=${seed} npx vitest run ${task.file.filepath.replace(`${process.cwd()}/`, '')} -t ${JSON.stringify(task.name)}`);
  });
});
