import fc from 'fast-check';
import { beforeEach } from 'vitest';
import { seedFrom } from '../support/seed.ts';

/**
 * Every property test runs from one seed, so a failure is reproducible from CI's log: the seed is FC_SEED
 * (an integer, or `random` for a fresh one each run, to explore), else a fixed default. A failing test prints
 * it with the command that runs it again; fast-check's own report adds the path to the shrunk case. (A test
 * that passes its own `seed` to fc.assert keeps it; its report names that seed.)
 */
const seed = seedFrom(process.env.FC_SEED);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    // Only where a property failed: fast-check's report begins "Property failed after N tests".
    if (!task.result?.errors?.some((error) => String(error.message).startsWith('Property failed'))) return;
    console.error(`fast-check seed ${seed}: FC_SEED=${seed} npx vitest run ${task.file.filepath.replace(`${process.cwd()}/`, '')} -t ${JSON.stringify(task.name)}`);
  });
});
