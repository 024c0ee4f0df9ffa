import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { isPlaceholderAddress, StartError } from '../../src/server/server.ts';
import { fixtureDist, startApiServer } from '../support/api.ts';
import { projectRoot } from '../support/fixtures.ts';

// Decision 25: a release build refuses every placeholder fact, listed at its place; a release server
// refuses a preview build and a lab address that is an example.

const siteFile = join(projectRoot, 'content', 'site.yaml');
/** Where a field of content/site.yaml ("phone", or nested: "downloads.werkbon") starts its value: "line:column". */
function valuePlace(field: string): string {
  const lines = readFileSync(siteFile, 'utf8').split('\n');
  let index = -1;
  let indent = 0;
  for (const key of field.split('.')) {
    index = lines.findIndex((line, i) => i > index && line.startsWith(`${' '.repeat(indent)}${key}:`));
    indent += 2;
  }
  const keyEnd = indent - 2 + field.split('.').at(-1)!.length + 1;
  const inline = lines[index]!.slice(keyEnd).trim();
  // A value on the key's own line starts after "key: "; a nested one at its first key, on the next line.
  return inline ? `${index + 1}:${keyEnd + 2}` : `${index + 2}:${indent + 1}`;
}

describe("a release of today's content", () => {
  const placeholders = (
    readFileSync(siteFile, 'utf8')
      .match(/^placeholders:\n((?: {2}- .+\n)+)/m)![1]!
      .match(/- (.+)/g) ?? []
  ).map((line) => line.slice(2));

  it('is refused, with each placeholder at the place of its value, and the samples named as left out', () => {
    expect(placeholders.length).toBeGreaterThan(5);
    // The lab's facts for dentists are among them (decision 30), each refused at its own value.
    expect(placeholders).toEqual(expect.arrayContaining(['turnaround', 'pickup', 'scanners', 'downloads.werkbon', 'downloads.priceList', 'guarantee']));
    const { diagnostics } = checkContent({ root: projectRoot, release: true });
    const refused = diagnostics.filter((d) => d.rule === 'release/placeholder');
    expect(refused.map((d) => `${d.file}:${d.line}:${d.column} ${d.path}`)).toEqual(placeholders.map((field) => `content/site.yaml:${valuePlace(field)} ${field}`));
    expect(refused.every((d) => d.severity === 'error')).toBe(true);
    expect(refused[0]!.message).toBe(`"${placeholders[0]}" is an example the lab has not confirmed, so it cannot be released`);
    expect(diagnostics.find((d) => d.rule === 'release/samples')?.message).toMatch(/^\d+ sample testimonials \(sample: true\) are left out of this release$/);
  });

  it('refuses the unconfirmed clinical role and every figure about the lab, each at its value in content/site.yaml', () => {
    // Every value under "figures" is a figure about the lab (decision 30); the clinical role is one fact (decision 29).
    const site = readFileSync(siteFile, 'utf8');
    const section = site.slice(site.indexOf('\nfigures:\n') + 1).split(/\n(?=\S)/)[0]!;
    const figureKeys = [...section.matchAll(/^ {2}(\w+):/gm)].map((m) => `figures.${m[1]}`);
    expect(figureKeys).toEqual(expect.arrayContaining(['figures.experienceYears', 'figures.rushService']));
    const expected = ['clinical', ...figureKeys];
    expect(placeholders).toEqual(expect.arrayContaining(expected));
    const refused = checkContent({ root: projectRoot, release: true }).diagnostics.filter((d) => d.rule === 'release/placeholder' && expected.includes(d.path!));
    expect(refused.map((d) => `${d.file}:${d.line}:${d.column} ${d.path}`)).toEqual(expected.map((field) => `content/site.yaml:${valuePlace(field)} ${field}`));
    expect(refused.every((d) => d.severity === 'error')).toBe(true);
  });

  it('stops npm run build -- --release before it builds anything, listing every placeholder', () => {
    const result = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/build.ts', '--release', '--dist=tests/.tmp/never-built'], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    for (const field of placeholders) expect(result.stderr).toContain(`content/site.yaml:${valuePlace(field)} error release/placeholder ${field}: "${field}" is an example`);
    expect(result.stderr).toMatch(/^a release build publishes only the lab's confirmed facts/);
    expect(() => readFileSync(join(projectRoot, 'tests', '.tmp', 'never-built', 'site.json'))).toThrow();
  });

  it('is a preview without --release: the same facts are one note', () => {
    const { diagnostics } = checkContent({ root: projectRoot });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const notes = diagnostics.filter((d) => d.rule === 'site/placeholder');
    expect(notes.map((d) => d.severity)).toEqual(['note']);
    expect(notes[0]!.message).toContain('turnaround, pickup, scanners, downloads.werkbon, downloads.priceList, guarantee');
  });
});

describe('a release server', () => {
  let cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups = [];
  });

  /** The fixture build, marked as built for release. */
  function releaseDist(): string {
    const dir = mkdtempSync(join(tmpdir(), 'release-dist-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(fixtureDist, dir, { recursive: true });
    const index = JSON.parse(readFileSync(join(dir, 'site.json'), 'utf8')) as { release: boolean };
    writeFileSync(join(dir, 'site.json'), JSON.stringify({ ...index, release: true }));
    return dir;
  }

  const refusal = (options: Parameters<typeof startApiServer>[0]) =>
    startApiServer(options).then(
      async (server) => {
        await server.stop();
        return undefined;
      },
      (error: unknown) => error,
    );

  it('refuses to serve a preview build', async () => {
    const error = await refusal({ release: true, labEmail: 'orders@tandlab-utrecht.nl' });
    expect(error).toBeInstanceOf(StartError);
    expect((error as Error).message).toBe('the build is a preview, with example facts and testimonials; build it for release: npm run build -- --release');
  });

  it('refuses a lab address that is an example, from LAB_EMAIL or from the content, and starts with a real one', async () => {
    const distDir = releaseDist();
    // The fixture's content gives info@example.nl.
    for (const labEmail of [undefined, 'lab@example.com', 'orders@lab.test']) {
      const error = await refusal({ distDir, release: true, labEmail });
      expect(error, labEmail).toBeInstanceOf(StartError);
      expect((error as Error).message).toMatch(/^the lab's e-mail address \S+ is an example; set LAB_EMAIL/);
    }
    const server = await startApiServer({ distDir, release: true, labEmail: 'orders@tandlab-utrecht.nl' });
    await server.stop();
  });

  it('knows the example domains, and only those', () => {
    for (const address of ['a@example.com', 'a@example.nl', 'a@mail.example.org', 'a@lab.example', 'a@x.test', 'a@x.invalid', 'a@localhost', 'A@EXAMPLE.NL'])
      expect(isPlaceholderAddress(address), address).toBe(true);
    for (const address of ['a@tandlab.nl', 'a@example-lab.nl', 'a@myexample.com', 'a@examples.nl', 'a@testlab.nl']) expect(isPlaceholderAddress(address), address).toBe(false);
  });
});
