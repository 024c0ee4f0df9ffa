import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import fc from 'fast-check';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collections, singles } from '../../scripts/content/check/model.ts';
import { util } from 'zod/v4/core';
import { fastSchema, schemaIssues } from '../../scripts/content/fast-schema.ts';
import { projectRoot } from '../support/fixtures.ts';

// The check's compiled fast path (scripts/content/fast-schema.ts) against zod's own safeParse, for every content
// schema: over the real files and the fixtures, mutated as an author (or a broken file) would, the fast path must
// call valid exactly what zod calls valid, and build exactly zod's value, key order and undefined included.

type Schema = z.ZodType;
const schemas: Record<string, Schema> = {
  ...Object.fromEntries(Object.entries(collections).map(([name, { schema }]) => [name, schema as Schema])),
  ...Object.fromEntries(Object.entries(singles).map(([name, { schema }]) => [name, schema as Schema])),
};

/** Every content file under content/ and the fixtures, parsed as the check parses it, by the schema it belongs to. */
function seedFiles(): Map<string, unknown[]> {
  const seeds = new Map<string, unknown[]>(Object.keys(schemas).map((name) => [name, []]));
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (name.endsWith('.yaml')) {
        const folder = basename(dirname(path));
        const schema = folder === 'content' ? name : folder;
        const list = seeds.get(schema);
        if (!list) continue;
        try {
          list.push(load(readFileSync(path, 'utf8'), { schema: CORE_SCHEMA }));
        } catch {
          // A fixture of a YAML mistake: nothing to validate.
        }
      }
    }
  };
  visit(join(projectRoot, 'content'));
  visit(join(projectRoot, 'tests', 'fixtures', 'valid', 'content'));
  // The bad cases, each laid over the valid site: their files are mistakes an author made.
  for (const bad of readdirSync(join(projectRoot, 'tests', 'fixtures', 'bad'))) {
    const dir = join(projectRoot, 'tests', 'fixtures', 'bad', bad, 'content');
    if (existsSync(dir)) visit(dir);
  }
  return seeds;
}
const seeds = seedFiles();

// The content has no photographs yet (a lab fact): a detail service and the about page are given them here, as
// tests/fixtures/photos does, so the photograph's own rules (consent for a person, its date, its uses) are met too.
const text = (en: string, nl: string) => ({ en, nl });
const photo = (shows: string, consent: boolean) => ({
  src: 'photos/zirconia-bridge.jpg',
  alt: text('A zirconia bridge on the model', 'Een zirkonia brug op het model'),
  credit: 'the lab',
  shows,
  ...(consent ? { consent: { by: 'J. de Vries', date: '2026-01-05', for: ['website', 'print'], record: 'consent form 2026-014, lab office' } } : {}),
  focus: { x: 40, y: 62.5 },
});
for (const [name, extra] of [
  [
    'services',
    (data: Record<string, unknown>) => ({
      ...data,
      hero: { ...(data.hero as object), photo: photo('work', false) },
      cases: [
        {
          title: text('A bridge', 'Een brug'),
          material: text('Zirconia', 'Zirkonia'),
          asked: text('A bridge.', 'Een brug.'),
          done: text('Made.', 'Gemaakt.'),
          photos: [photo('work', false), photo('patient', true)],
        },
      ],
    }),
  ],
  [
    'pages',
    (data: Record<string, unknown>) => ({
      ...data,
      hero: { ...(data.hero as object), photo: photo('premises', false) },
      team: { title: text('Our team', 'Ons team'), members: [{ name: 'Anna', role: text('Technician', 'Tandtechnicus'), portrait: photo('person', true) }] },
    }),
  ],
] as const) {
  const list = seeds.get(name)!;
  const base = list.find((data) => {
    const d = data as Record<string, unknown>;
    return name === 'services' ? d.kind === 'detail' : d.id === 'about';
  }) as Record<string, unknown>;
  list.push(extra(base));
}

/** Every string the seeds hold: enum and literal values, ids, keys, to put where another belongs. */
const words = [...new Set([...seeds.values()].flat().flatMap((data) => (JSON.stringify(data) ?? '').match(/"[a-zA-Z][\w-]{0,30}"/g) ?? []))].map((w) => w.slice(1, -1)).sort();

/** Values of every kind, for a value replaced by another type. */
const others: unknown[] = [
  null,
  undefined,
  0,
  -1,
  1.5,
  2,
  3,
  7,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  2 ** 53,
  1e300,
  true,
  false,
  '',
  ' ',
  '  \t ',
  'text',
  '😀',
  'a😀',
  '2',
  'true',
  '/services/zirconia',
  [],
  ['x'],
  {},
  { en: 'a', nl: 'b' },
];

type PathStep = string | number;
/** The path of every value in a file, the file itself first. */
function pathsOf(value: unknown, at: PathStep[] = [], into: PathStep[][] = []): PathStep[][] {
  into.push(at);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...at, i], into));
  else if (value !== null && typeof value === 'object') for (const key of Object.keys(value)) pathsOf((value as Record<string, unknown>)[key], [...at, key], into);
  return into;
}

const get = (root: unknown, path: PathStep[]) => path.reduce<unknown>((node, step) => (node as Record<PathStep, unknown>)[step], root);

/** A change at one place: the value it gives (or `remove` to take the key or item out). */
type Mutation = { at: number; kind: number; pick: number };
const remove = Symbol('remove');

function mutated(value: unknown, { kind, pick }: Mutation): unknown {
  const other = others[pick % others.length];
  const word = words[pick % words.length];
  switch (kind) {
    case 0:
      return other;
    case 1:
      // Spaces around a text, which .trim() takes off again.
      return typeof value === 'string' ? ['  ', '\t', ' \n '][pick % 3] + value + [' ', '  ', '\t'][pick % 3] : value;
    case 2:
      return typeof value === 'string' ? ['', ' ', value.toUpperCase(), `${value}x`, value.slice(1)][pick % 5] : word;
    case 3:
      // Another value the content uses: an enum or literal from elsewhere, an id.
      return word;
    case 4:
      return remove;
    case 5: {
      if (Array.isArray(value)) {
        const items = value as unknown[];
        return [[], items.slice(0, 1), [...items, ...items], [...items, items[0]], [...items, other]][pick % 5];
      }
      if (value !== null && typeof value === 'object') {
        // An unknown key, a key of another map, or a key set to undefined.
        const keys = Object.keys(value);
        return pick % 3 === 0 ? { ...value, [word!]: other } : pick % 3 === 1 ? { ...value, extra: 'x' } : { ...value, [keys[pick % Math.max(1, keys.length)] ?? 'en']: undefined };
      }
      return other;
    }
    case 6:
      if (typeof value === 'number') return [Number.NaN, Number.POSITIVE_INFINITY, value + 0.5, value * 1e17, -value - 1, 0, value + 1][pick % 7];
      if (typeof value === 'boolean') return [!value, String(value)][pick % 2];
      return other;
    case 8:
    case 9:
      // A key written with no value at all (undefined, which YAML never gives but zod tells from an absent key):
      // one of the map's own, or a key the content uses elsewhere.
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const keys = Object.keys(value);
        return { ...value, [kind === 8 && keys.length ? keys[pick % keys.length]! : word!]: undefined };
      }
      return undefined;
    default:
      // The same key in another order: zod's output follows the schema, not the file.
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).reverse());
      return value;
  }
}

function applyMutations(seed: unknown, mutations: Mutation[]): unknown {
  let root = structuredClone(seed);
  for (const mutation of mutations) {
    const paths = pathsOf(root);
    const path = paths[mutation.at % paths.length]!;
    const value = get(root, path);
    const next = mutated(value, mutation);
    if (path.length === 0) {
      root = next === remove ? undefined : next;
      continue;
    }
    const parent = get(root, path.slice(0, -1)) as Record<PathStep, unknown> | unknown[];
    const last = path.at(-1)!;
    if (next !== remove) (parent as Record<PathStep, unknown>)[last] = next;
    else if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  }
  return root;
}

/** A value written out with its key order, undefined, missing and non-finite numbers told apart. */
function written(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${Array.from({ length: value.length }, (_, i) => (i in value ? written(value[i]) : '<hole>')).join(',')}]`;
  const prototype = Object.getPrototypeOf(value) === Object.prototype ? '' : '<other prototype>';
  return `${prototype}{${Reflect.ownKeys(value)
    .map((key) => `${String(key)}:${written((value as Record<PropertyKey, unknown>)[key])}`)
    .join(',')}}`;
}

/**
 * The issues `schemaIssues` finds (zod run only on the parts that fail), worded as safeParse's error words them:
 * written out as JSON, to be the same as safeParse's, in the same order.
 */
function issuesOf(schema: Schema, input: unknown): string {
  return JSON.stringify(schemaIssues(schema, input).map((issue) => util.finalizeIssue(issue, { async: false }, z.config())));
}

describe('the compiled fast path of the content schemas', () => {
  it('has real files of every schema the check uses to start from', () => {
    for (const [name, list] of seeds) expect(list.length, name).toBeGreaterThan(0);
    // Each file as it is, photographs included, is valid.
    for (const [name, list] of seeds) expect(list.filter((data) => schemas[name]!.safeParse(data).success).length, name).toBeGreaterThan(0);
    expect(seeds.get('services')!.filter((data) => schemas.services!.safeParse(data).success && 'cases' in (data as object))).toHaveLength(1);
    expect(seeds.get('pages')!.filter((data) => schemas.pages!.safeParse(data).success && 'team' in (data as object))).toHaveLength(1);
  });

  it.each(Object.keys(schemas))('%s: valid exactly when zod says so, with the value zod gives', (name) => {
    const schema = schemas[name]!;
    const fast = fastSchema(schema);
    const files = seeds.get(name)!;
    let valid = 0;
    let invalid = 0;
    let runs = 0;
    const mutation = fc.record({ at: fc.nat(), kind: fc.nat({ max: 9 }), pick: fc.nat() });
    fc.assert(
      fc.property(fc.nat({ max: files.length - 1 }), fc.array(mutation, { minLength: 0, maxLength: 3 }), (file, mutations) => {
        const input = applyMutations(files[file], mutations);
        const before = written(input);
        const expected = schema.safeParse(input);
        const found = fast(input);
        runs++;
        expect(found.ok).toBe(expected.success);
        // The fast path neither changes its input nor hands it back as its output.
        expect(written(input)).toBe(before);
        if (!expected.success) {
          invalid++;
          expect(issuesOf(schema, input)).toBe(JSON.stringify(expected.error.issues));
        }
        if (found.ok && expected.success) {
          valid++;
          expect(JSON.stringify(found.data)).toBe(JSON.stringify(expected.data));
          expect(written(found.data)).toBe(written(expected.data));
          if (input !== null && typeof input === 'object') expect(found.data).not.toBe(input);
        }
      }),
      { seed: 306, numRuns: 450 },
    );
    // Enough of the cases stay valid for the values to be compared, and enough fail.
    expect(valid, `${valid} of ${runs} valid`).toBeGreaterThan(runs / 10);
    expect(valid, `${valid} of ${runs} valid`).toBeLessThan(runs * 0.9);
    expect(invalid).toBe(runs - valid);
  });
});

/**
 * Schema features the content does not use today, each with a valid value or two to start from: what a later
 * schema may bring must be compiled exactly, or left to zod.
 */
type Tree = { v: number; kids?: Tree[] };
const Tree: z.ZodType<Tree> = z.strictObject({
  v: z.number(),
  get kids() {
    return z.array(Tree).optional();
  },
});
const Lazy: z.ZodType<{ name: string; children?: unknown[] }> = z.strictObject({ name: z.string(), children: z.array(z.lazy(() => Lazy)).optional() });
const zoo: [string, z.ZodType, unknown[]][] = [
  ['an object that drops other keys', z.object({ a: z.string(), b: z.number().optional() }), [{ a: 'x' }, { a: 'x', b: 1, extra: 2 }]],
  ['an optional default and a default list', z.strictObject({ a: z.string().default('d').optional(), b: z.array(z.int()).default([]) }), [{}, { a: 'x', b: [1, 2] }]],
  ['a default over an optional', z.strictObject({ a: z.string().optional().default('d') }), [{}, { a: 'y' }]],
  [
    'nullable, exclusive bounds, literals and a numeric enum',
    z.strictObject({ n: z.number().gt(0).lt(10).nullable(), l: z.literal([1, 'one', true]), e: z.enum({ A: 1, B: 2 }) }),
    [
      { n: 5, l: 1, e: 1 },
      { n: null, l: 'one', e: 2 },
    ],
  ],
  ['a tuple', z.tuple([z.string().trim(), z.int().min(0)]), [[' a ', 3]]],
  ['a tuple with an optional item', z.tuple([z.string(), z.number().optional()]), [['a'], ['a', 1]]],
  ['a record over patterned keys', z.record(z.string().regex(/^\d+$/), z.boolean()), [{ 1: true, 20: false }]],
  ['a record over number keys', z.record(z.number(), z.string()), [{ 1: 'a', 2.5: 'b' }]],
  ['a partial record', z.partialRecord(z.enum(['x', 'y']), z.string().max(3)), [{ x: 'abc' }, {}]],
  ['a record over every key of an enum', z.record(z.enum(['x', 'y']), z.number()), [{ x: 1, y: 2 }]],
  ['a union of objects', z.union([z.strictObject({ k: z.literal('a'), v: z.string() }), z.object({ v: z.number() })]), [{ k: 'a', v: 's' }, { v: 3 }]],
  [
    'a discriminated union with an optional tag',
    z.discriminatedUnion('t', [z.strictObject({ t: z.literal('a'), x: z.string().length(2) }), z.strictObject({ t: z.literal('b').optional(), y: z.array(z.string()).min(1).max(2) })]),
    [{ t: 'a', x: 'ab' }, { y: ['q'] }, { t: 'b', y: ['q', 'r'] }],
  ],
  ['a transform and a pipe', z.strictObject({ s: z.string().transform((text) => text.length), p: z.string().pipe(z.string().min(2)) }), [{ s: 'abc', p: 'xy' }]],
  ['a loose object', z.looseObject({ a: z.string() }), [{ a: 'x', b: 1 }]],
  ['an exact optional', z.strictObject({ a: z.string().exactOptional() }), [{}, { a: 'x' }]],
  ['a refinement that aborts', z.strictObject({ s: z.string().refine((text) => text !== 'no', { abort: true }) }), [{ s: 'yes' }]],
  ['lengths in characters, not units', z.strictObject({ s: z.string().min(2).max(3) }), [{ s: '😀😀' }, { s: 'ab' }]],
  ['a list of a fixed length', z.array(z.number()).length(2), [[1, 2]]],
  [
    'a list whose item may abort before its length is checked',
    z
      .array(z.string().refine((text) => text.length < 5, { abort: true }))
      .min(2)
      .max(3),
    [
      ['a', 'b'],
      ['ab', 'cd', 'e'],
    ],
  ],
  ['a list with a message of its own, which its length check gives too', z.array(z.number(), 'a list of numbers').min(2), [[1, 2]]],
  ['a required key that takes undefined', z.strictObject({ a: z.unknown(), b: z.string() }), [{ a: 1, b: 'x' }]],
  ['an overwrite and a starts-with check', z.string().toLowerCase().startsWith('a'), ['ABC']],
  ['whole numbers', z.strictObject({ i: z.int().min(-3).max(3), j: z.number().int().positive() }), [{ i: 0, j: 5 }]],
  ['a schema that refers to itself', Tree, [{ v: 1, kids: [{ v: 2 }, { v: 3, kids: [] }] }]],
  ['a lazy schema', Lazy, [{ name: 'a', children: [{ name: 'b' }] }]],
];

describe('the compiled fast path of any schema', () => {
  it.each(zoo.map(([name, schema, examples]) => [name, schema, examples] as const))('%s: valid exactly when zod says so, with the value zod gives', (_name, schema, examples) => {
    for (const example of examples) expect(schema.safeParse(example).success).toBe(true);
    const fast = fastSchema(schema);
    const mutation = fc.record({ at: fc.nat(), kind: fc.nat({ max: 9 }), pick: fc.nat() });
    fc.assert(
      fc.property(fc.nat({ max: examples.length - 1 }), fc.array(mutation, { minLength: 0, maxLength: 2 }), (example, mutations) => {
        const input = applyMutations(examples[example], mutations);
        const expected = schema.safeParse(input);
        const found = fast(input);
        expect(found.ok).toBe(expected.success);
        if (found.ok && expected.success) expect(written(found.data)).toBe(written(expected.data));
        if (!expected.success) expect(issuesOf(schema, input)).toBe(JSON.stringify(expected.error.issues));
      }),
      { seed: 306, numRuns: 150 },
    );
  });

  it('gives a fresh copy of a default each time, as zod does', () => {
    const fast = fastSchema(z.strictObject({ list: z.array(z.string()).default([]) }));
    const first = fast({});
    if (!first.ok) throw new Error('not valid');
    first.data.list.push('changed');
    expect(fast({})).toEqual({ ok: true, data: { list: [] } });
  });

  it('trims a text exactly as zod does, whatever character it begins or ends with', () => {
    const schema = z.strictObject({ text: z.string().trim().min(1) });
    const fast = fastSchema(schema);
    // Every character JavaScript trims, the printable ASCII ones beside them, and others that are not spaces.
    const spaces = ['\t', '\n', '\v', '\f', '\r', ' ', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
    const others = ['!', '~', 'a', 'Z', '0', '\u007f', '\u0085', '\u00e9', '\u200b', '\u180e', '\ud83d\ude00', '\u0000'];
    const text = fc.array(fc.constantFrom(...spaces, ...others), { maxLength: 6 }).map((units) => units.join(''));
    fc.assert(
      fc.property(text, (value) => {
        const expected = schema.safeParse({ text: value });
        const found = fast({ text: value });
        expect(found.ok).toBe(expected.success);
        if (found.ok && expected.success) expect(found.data.text).toBe(expected.data.text);
      }),
      { seed: 3202, numRuns: 2000 },
    );
  });

  it("lets go of each value it gives zod once it is read: a payload V8 put in the old generation would keep a file's text alive", () => {
    type Payload = { value: unknown; issues: unknown[] };
    const given: Payload[] = [];
    // A refinement the fast path runs itself, a node it hands to zod whole, and a list's length check.
    const refined = z.string().superRefine((_text, payload) => void given.push(payload));
    const whole = z.string().transform((text) => text.length);
    const run = whole._zod.run.bind(whole._zod);
    whole._zod.run = (payload, ctx) => {
      given.push(payload);
      return run(payload, ctx);
    };
    const list = z.array(z.string()).min(2);
    const length = list._zod.def.checks![0]!._zod;
    const check = length.check.bind(length);
    length.check = (payload) => {
      given.push(payload);
      return check(payload);
    };
    const schema = z.strictObject({ a: refined, b: whole, c: list });
    expect(fastSchema(schema)({ a: 'x', b: 'yz', c: ['p', 'q'] })).toEqual({ ok: true, data: { a: 'x', b: 2, c: ['p', 'q'] } });
    expect(given).toHaveLength(2);
    // A file that fails: zod runs on the parts that fail, and the list's length is checked on the list.
    expect(schemaIssues(schema, { a: 'x', b: 3, c: ['p'] }).map((issue) => issue.code)).toEqual(['invalid_type', 'too_small']);
    expect(given.length).toBeGreaterThan(3);
    for (const payload of given) expect(payload.value).toBeUndefined();
  });
});
