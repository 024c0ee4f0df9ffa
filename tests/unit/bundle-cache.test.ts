import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedBundle, codeHash, treeHash } from '../../scripts/bundle-cache.ts';
import { projectRoot } from '../support/fixtures.ts';

let scratch: string;
beforeEach(() => {
  mkdirSync(join(projectRoot, 'tests', '.tmp'), { recursive: true });
  scratch = mkdtempSync(join(projectRoot, 'tests', '.tmp', 'bundle-cache-'));
  mkdirSync(join(scratch, 'src', 'parts'), { recursive: true });
  writeFileSync(join(scratch, 'src', 'entry.js'), 'import "./parts/a.js";');
  writeFileSync(join(scratch, 'src', 'parts', 'a.js'), 'export const a = 1;');
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** A bundle that "reads" the two source files and writes what it read into its output, counting how often it is made. */
function bundler() {
  const made = { count: 0 };
  const run = (options: { fixed?: string[]; slot?: string; outDir?: string } = {}) =>
    cachedBundle({
      cacheDir: join(scratch, 'cache'),
      slot: options.slot ?? 'client',
      outDir: options.outDir ?? join(scratch, 'dist', 'client'),
      fixed: options.fixed ?? ['lock 1'],
      make: (recorder) => {
        made.count++;
        const out = options.outDir ?? join(scratch, 'dist', 'client');
        mkdirSync(join(out, 'assets'), { recursive: true });
        const files = [join(scratch, 'src', 'entry.js'), join(scratch, 'src', 'parts', 'a.js')];
        for (const file of files) recorder.files.add(file);
        writeFileSync(join(out, 'assets', 'app.js'), files.map((file) => readFileSync(file, 'utf8')).join('\n'));
        return Promise.resolve();
      },
    });
  return { made, run };
}

const output = () => readFileSync(join(scratch, 'dist', 'client', 'assets', 'app.js'), 'utf8');

describe('the bundles of an earlier build', () => {
  it('are made the first time and copied the second, whole and with the same name for their inputs', async () => {
    const { made, run } = bundler();
    const first = await run();
    const built = output();
    rmSync(join(scratch, 'dist'), { recursive: true });
    const second = await run();
    expect(made.count).toBe(1);
    expect(first.cached).toBe(false);
    expect(second).toEqual({ cached: true, id: first.id });
    expect(output()).toBe(built);
  });

  it('are made again when a file the bundle read changes, and the output is the new one', async () => {
    const { made, run } = bundler();
    await run();
    writeFileSync(join(scratch, 'src', 'parts', 'a.js'), 'export const a = 2;');
    const again = await run();
    expect(made.count).toBe(2);
    expect(again.cached).toBe(false);
    expect(output()).toContain('a = 2');
  });

  it('are made again when a file appears beside one the bundle read (a glob import would meet it)', async () => {
    const { made, run } = bundler();
    await run();
    writeFileSync(join(scratch, 'src', 'parts', 'b.js'), 'export const b = 1;');
    await run();
    expect(made.count).toBe(2);
  });

  it('are made again when what every bundle depends on changes (the lock file, the options)', async () => {
    const { made, run } = bundler();
    await run({ fixed: ['lock 1'] });
    await run({ fixed: ['lock 2'] });
    expect(made.count).toBe(2);
    await run({ fixed: ['lock 2'] });
    expect(made.count).toBe(2);
  });

  it('are made again, not failed, when the cached copy went (another build replaced it, or a person cleared it)', async () => {
    const { made, run } = bundler();
    await run();
    const cache = join(scratch, 'cache');
    for (const slot of readdirSync(cache)) for (const name of readdirSync(join(cache, slot))) if (name.startsWith('bundle-')) rmSync(join(cache, slot, name), { recursive: true });
    const again = await run();
    expect(again.cached).toBe(false);
    expect(made.count).toBe(2);
    expect(output()).toContain('a = 1');
  });

  it('are kept for each site and kind of bundle: building one does not push out the other', async () => {
    const { made, run } = bundler();
    await run({ slot: 'site A' });
    await run({ slot: 'site B', outDir: join(scratch, 'dist-b') });
    await run({ slot: 'site A' });
    await run({ slot: 'site B', outDir: join(scratch, 'dist-b') });
    expect(made.count).toBe(2);
  });
});

describe('the hash of the source folders', () => {
  it('changes with a file edited, added or removed anywhere below them, and with nothing else', () => {
    const src = join(scratch, 'src');
    const first = treeHash([src]);
    expect(treeHash([src])).toBe(first);
    writeFileSync(join(src, 'parts', 'a.js'), 'export const a = 3;');
    const edited = treeHash([src]);
    expect(edited).not.toBe(first);
    writeFileSync(join(src, 'parts', 'c.css'), '.x{}');
    const added = treeHash([src]);
    expect(added).not.toBe(edited);
    rmSync(join(src, 'parts', 'c.css'));
    expect(treeHash([src])).toBe(edited);
  });

  it('leaves out what it is told to (the generated content modules, which the bundles record one by one)', () => {
    const src = join(scratch, 'src');
    const skip = (path: string) => path.startsWith(join(src, 'generated'));
    const before = treeHash([src], skip);
    mkdirSync(join(src, 'generated'));
    writeFileSync(join(src, 'generated', 'page.ts'), 'export default 1;');
    expect(treeHash([src], skip)).toBe(before);
  });
});

describe('the hash of the configuration and its plugins', () => {
  it('changes with any module the configuration imports, however deep, and not with a module it does not', () => {
    const src = join(scratch, 'src');
    writeFileSync(join(src, 'config.ts'), "import { plugin } from './parts/plugin.ts';\nexport default plugin;");
    writeFileSync(join(src, 'parts', 'plugin.ts'), "export { helper as plugin } from './helper';");
    writeFileSync(join(src, 'parts', 'helper.ts'), 'export const helper = 1;');
    const config = join(src, 'config.ts');
    const first = codeHash(config);
    writeFileSync(join(src, 'parts', 'a.js'), 'export const a = 9;');
    expect(codeHash(config)).toBe(first);
    writeFileSync(join(src, 'parts', 'helper.ts'), 'export const helper = 2;');
    expect(codeHash(config)).not.toBe(first);
  });
});
