import { config, type z } from 'zod';
import { util } from 'zod/v4/core';
import type { Diagnostic } from './diagnostics.ts';
import { fastSchema, schemaIssues } from './fast-schema.ts';
import { isRuleId, type RuleId } from './rules/registry.ts';
import type { PathSegment, SourceFile } from './source.ts';
import { didYouMean } from './suggest.ts';
import { dotted, valueAt } from './yaml-path.ts';

const languageName = { en: 'English', nl: 'Dutch' } as const;

export { dotted, valueAt } from './yaml-path.ts';

function describe(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map of keys';
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 37)}...` : value}"`;
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'the value .nan ("not a number")' : `the value ${value > 0 ? '' : '-'}.inf (infinity)`;
  // What is left from YAML: a number, true or false.
  return `${typeof value === 'number' ? 'the number' : 'the value'} ${JSON.stringify(value) ?? 'undefined'}`;
}

const expectedNames: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list (lines starting with "- ")',
  object: 'a map of keys',
  record: 'a map of keys',
  literal: 'a fixed value',
};

type Inst = { description?: string; _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined;

// zod hands each issue the schema that raised it: unknown keys keep the allowed keys for "did you mean",
// missing values keep the field's documentation, so the message can say what belongs there.
const errorMap: z.core.$ZodErrorMap = (issue) => {
  const inst = issue.inst as Inst;
  if (issue.code === 'unrecognized_keys') {
    return { message: JSON.stringify(Object.keys(inst?._zod?.def?.shape ?? {})) };
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    const keys = Object.keys(inst?._zod?.def?.shape ?? {})
      .sort()
      .join(',');
    return { message: JSON.stringify({ localized: keys === 'en,nl', description: inst?.description }) };
  }
  return undefined;
};

/** Validates one file's data against its schema and returns located diagnostics. */
export function validate<T extends z.ZodType>(source: SourceFile, schema: T, basePath: readonly PathSegment[] = []): { data?: z.output<T>; diagnostics: Diagnostic[] } {
  const input = valueAt(source.data, basePath);
  // Valid data comes from the compiled fast path (fast-schema.ts), which builds what safeParse would; an invalid
  // file's issues come from zod, run only on the parts of it that the fast path refuses (schemaIssues).
  const fast = fastSchema(schema)(input);
  if (fast.ok) return { data: fast.data, diagnostics: [] };
  const raw = schemaIssues(schema, input);
  // Passed to zod's parse, the error map would slow every file by a third (zod leaves its fast path). zod words
  // issues as safeParse's error does when first read (finalizeIssue): the map is zod's for that moment only.
  const previous = config().customError;
  config({ customError: errorMap });
  let issues: z.core.$ZodIssue[];
  try {
    if (raw.length) issues = raw.map((issue) => util.finalizeIssue(issue, { async: false }, config()));
    else {
      // Never expected (the fast path refuses exactly what zod refuses): zod's word then.
      const result = schema.safeParse(input);
      if (result.success) return { data: result.data, diagnostics: [] };
      issues = result.error.issues;
    }
  } finally {
    config({ customError: previous });
  }
  const diagnostics: Diagnostic[] = [];
  for (const issue of issues) {
    diagnostics.push(...toDiagnostics(source, issue, input, basePath));
  }
  // A misspelt key is one mistake: drop the "missing" report for the key it was meant to be.
  // The parent of "hero.titel" is "hero"; of a top-level "heroo" the top level.
  const parentOf = (path = '') => (path.includes('.') ? path.replace(/\.[^.]+$/, '') : dotted([]));
  const meant = new Set(diagnostics.filter((d) => d.rule === 'schema/unknown-key' && d.hint?.startsWith('did you mean')).map((d) => `${parentOf(d.path)}|${d.hint}`));
  // "nl:Kronen" is one mistake too: the Dutch text is not missing as well.
  const glued = new Set(
    diagnostics.filter((d) => d.rule === 'schema/unknown-key' && d.message.startsWith('a space is missing after')).map((d) => `${parentOf(d.path)}|${/after "(\w+):"/.exec(d.message)?.[1]}`),
  );
  const kept = diagnostics.filter(
    (d) =>
      !(d.rule === 'schema/missing-key' && meant.has(`${d.path}|did you mean "${/"(.+)"/.exec(d.message)?.[1]}"?`)) && !(/^i18n\/missing-/.test(d.rule) && glued.has(`${d.path}|${d.rule.slice(-2)}`)),
  );
  // Only the findings kept are pointed at: a dropped one would not make the file's positions be read.
  for (const d of kept) {
    const place = unplaced.get(d);
    if (place) ({ line: d.line, column: d.column } = source.locate(place.path, place.target));
  }
  return { diagnostics: kept };
}

/** The YAML path and target of a finding not yet given its line and column. */
const unplaced = new WeakMap<Diagnostic, { path: readonly PathSegment[]; target: 'value' | 'key' }>();

function toDiagnostics(source: SourceFile, issue: z.core.$ZodIssue, input: unknown, basePath: readonly PathSegment[]): Diagnostic[] {
  const rel = issue.path as PathSegment[];
  const path = [...basePath, ...rel];
  // Placed by line and column once it is known to be kept (`validate`).
  const make = (p: readonly PathSegment[], rule: RuleId, message: string, hint?: string, target: 'value' | 'key' = 'value'): Diagnostic => {
    const diagnostic: Diagnostic = { file: source.file, line: 0, column: 0, severity: 'error', rule, message, hint, path: dotted(p) };
    unplaced.set(diagnostic, { path: p, target });
    return diagnostic;
  };
  const last = rel[rel.length - 1];
  const value = valueAt(input, rel);
  const parent = valueAt(input, rel.slice(0, -1));
  const isLanguage = (last === 'en' || last === 'nl') && parent !== null && typeof parent === 'object' && !Array.isArray(parent);

  // A value written in quotes where a fixed number or true/false belongs (`level: "2"`): a text, not the value it names.
  const quotedValue = (values: readonly unknown[]): Diagnostic | undefined => {
    if (typeof value !== 'string') return undefined;
    const meant = values.find((v): v is number | boolean => (typeof v === 'number' || typeof v === 'boolean') && String(v) === value.trim());
    if (meant === undefined) return undefined;
    const numbers = values.filter((v) => typeof v === 'number').map(String);
    const kind = typeof meant === 'number' ? `the number ${numbers.length > 1 ? `${numbers.slice(0, -1).join(', ')} or ${numbers.at(-1)}` : numbers[0]}` : 'true or false';
    return make(path, 'schema/invalid-type', `expected ${kind}, found the text "${value}"`, `write ${String(meant)} without quotes: in quotes it is a text`);
  };

  switch (issue.code) {
    case 'unrecognized_keys': {
      let allowed: string[] = [];
      try {
        allowed = JSON.parse(issue.message) as string[];
      } catch {
        allowed = [];
      }
      return issue.keys.map((key) => {
        // "nl:Kronen" in a { } is read as a key without a value: the space after the colon is missing.
        const glued = /^([A-Za-z][\w-]*):(\S.*)$/.exec(key);
        if (glued && allowed.includes(glued[1]!)) {
          const found = make(
            [...path, key],
            'schema/unknown-key',
            `a space is missing after "${glued[1]}:": YAML reads "${key}" as one key without a value`,
            `write "${glued[1]}: ${glued[2]}"`,
            'key',
          );
          // Pointed at the colon that lacks its space, found in the map's own text.
          const range = source.range(path);
          const colon = range ? source.text.indexOf(`${glued[1]}:${glued[2]}`, range[0]) : -1;
          return colon !== -1 && colon < range![1] ? { ...found, ...source.position(colon + glued[1]!.length + 1) } : found;
        }
        const suggestion = didYouMean(key, allowed);
        const hint = suggestion || (allowed.length ? `allowed keys here: ${allowed.join(', ')}` : 'remove it');
        return make([...path, key], 'schema/unknown-key', `unknown key "${key}"`, hint, 'key');
      });
    }
    case 'invalid_type': {
      // "nl:" with nothing after it, or "nl: ~", reads as no text at all.
      if (value === null && isLanguage) {
        const lang = last;
        return [make(path, `i18n/empty-${lang}`, `the ${languageName[lang]} text is empty`, `write the ${languageName[lang]} text after "${lang}:"`)];
      }
      if (value === undefined) {
        if (isLanguage) {
          const lang = last;
          return [
            make(
              path.slice(0, -1),
              `i18n/missing-${lang}`,
              `the ${languageName[lang]} text is missing`,
              `add "${lang}:" with the ${languageName[lang]} text next to "${lang === 'en' ? 'nl' : 'en'}:"`,
            ),
          ];
        }
        let info: { localized?: boolean; description?: string } = {};
        try {
          info = JSON.parse(issue.message) as typeof info;
        } catch {
          info = {};
        }
        const what = info.localized ? 'a text in English and Dutch, with "en:" and "nl:" below it' : (expectedNames[issue.expected] ?? issue.expected);
        const about = info.description ? ` (${info.description.replace(/\.$/, '')})` : '';
        return [make(path.slice(0, -1), 'schema/missing-key', `required key "${String(last)}" is missing${about}`, `add "${String(last)}:" here: ${what}`)];
      }
      const expected = expectedNames[issue.expected] ?? `a ${issue.expected}`;
      // YAML reads .inf and .nan as numbers that no field takes: say what was written, not "null".
      if (typeof value === 'number' && !Number.isFinite(value)) {
        const range = source.range(path);
        const written = range ? source.text.slice(range[0], range[1]).trim() : String(value);
        return [
          make(
            path,
            'schema/invalid-type',
            `expected ${expected}, found "${written}", which YAML reads as ${Number.isNaN(value) ? '"not a number"' : 'infinity'}`,
            'write the number in digits, such as 4',
          ),
        ];
      }
      const nested = value !== null && typeof value === 'object' && !Array.isArray(value) && (issue.expected === 'string' || issue.expected === 'number');
      // A number or true/false between quotes is a text to YAML.
      const unquote =
        typeof value === 'string' && ((issue.expected === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) || (issue.expected === 'boolean' && /^(true|false)$/.test(value.trim())));
      if (unquote) return [make(path, 'schema/invalid-type', `expected ${expected}, found the text "${value}"`, `write ${value.trim()} without quotes: in quotes it is a text`)];
      const hint = nested ? 'check the indentation of the lines below this key' : issue.expected === 'int' ? 'write a whole number, without a decimal point' : `write ${expected} here`;
      return [make(path, 'schema/invalid-type', `expected ${expected}, found ${describe(value)}`, hint)];
    }
    case 'too_small': {
      if (isLanguage && typeof value === 'string') {
        const lang = last;
        return [make(path, `i18n/empty-${lang}`, `the ${languageName[lang]} text is empty`, `write the ${languageName[lang]} text`)];
      }
      if (typeof value === 'number')
        return [make(path, 'schema/too-few', `${describe(value)} is below the lowest allowed, ${String(issue.minimum)}`, `write a number of at least ${String(issue.minimum)}`)];
      const unit = Array.isArray(value) ? 'items' : 'characters';
      return [make(path, 'schema/too-few', issue.message.startsWith('Too small') ? `needs at least ${String(issue.minimum)} ${unit}` : issue.message, `add ${unit} here`)];
    }
    case 'too_big': {
      if (typeof value === 'number')
        return [make(path, 'schema/too-many', `${describe(value)} is above the highest allowed, ${String(issue.maximum)}`, `write a number of at most ${String(issue.maximum)}`)];
      const unit = Array.isArray(value) ? 'items' : 'characters';
      return [make(path, 'schema/too-many', issue.message.startsWith('Too big') ? `allows at most ${String(issue.maximum)} ${unit}` : issue.message, `remove ${unit} here`)];
    }
    case 'invalid_key': {
      const key = String(last);
      const inner = (issue as { issues?: { message?: string }[] }).issues?.[0]?.message;
      return [make(path, 'schema/invalid-key', `the key "${key}" is not a valid name here`, inner && !inner.startsWith('Invalid') ? inner : 'write a camelCase name such as "submitButton"', 'key')];
    }
    case 'invalid_value': {
      const quoted = quotedValue(issue.values);
      if (quoted) return [quoted];
      const options = issue.values.map(String);
      const suggestion = typeof value === 'string' ? didYouMean(value, options) : '';
      return [make(path, 'schema/invalid-value', `${describe(value)} is not allowed; use one of: ${options.join(', ')}`, suggestion || undefined)];
    }
    case 'invalid_union': {
      const discriminator = (issue as { discriminator?: string }).discriminator;
      const options = ((issue as { options?: unknown[] }).options ?? []).map(String);
      if (discriminator) {
        const found = valueAt(input, rel);
        if (found === undefined) {
          return [make(path.slice(0, -1), 'schema/missing-key', `required key "${discriminator}" is missing`, `add "${discriminator}:" with one of: ${options.join(', ')}`)];
        }
        const suggestion = typeof found === 'string' ? didYouMean(found, options) : '';
        return [make(path, 'schema/invalid-value', `"${discriminator}" is ${describe(found)}; use one of: ${options.join(', ')}`, suggestion || undefined)];
      }
      // A choice of a few values (`2 | 3`): each branch refused the value; name them all.
      const branches = (issue as { errors?: z.core.$ZodIssue[][] }).errors ?? [];
      const allowed = branches.every((b) => b.length === 1 && b[0]?.code === 'invalid_value' && b[0]?.path.length === 0)
        ? branches.flatMap((b) => (b[0] as z.core.$ZodIssueInvalidValue).values.map(String))
        : [];
      if (allowed.length) {
        const quoted = quotedValue(branches.flatMap((b) => (b[0] as z.core.$ZodIssueInvalidValue).values));
        if (quoted) return [quoted];
        const suggestion = typeof value === 'string' ? didYouMean(value, allowed) : '';
        return [make(path, 'schema/invalid-value', `${describe(value)} is not allowed; use one of: ${allowed.join(', ')}`, suggestion || undefined)];
      }
      return [make(path, 'schema/invalid-value', `${describe(value)} does not fit here`, "see the field's description in schemas/")];
    }
    case 'invalid_format':
      return [make(path, 'schema/invalid-format', `${describe(value)} is not valid`, issue.message.startsWith('Invalid') ? undefined : issue.message)];
    case 'custom': {
      // A schema names its own rule (`params: { rule: 'site/hours' }`); one the registry lacks counts as an invalid value.
      const rule = (issue.params as { rule?: unknown } | undefined)?.rule;
      return [make(path, isRuleId(rule) ? rule : 'schema/invalid-value', issue.message)];
    }
    default:
      // zod's own wording ("Invalid input") names nothing an author can act on.
      return [make(path, 'schema/invalid-value', `${describe(value)} is not allowed here`, "see the field's description in schemas/")];
  }
}
