/**
 * The content schemas' fast path: each zod schema compiled once, from its definition (`schema._zod.def`), into
 * plain functions that build the output zod's safeParse gives (the same values, keys in the shape's order,
 * defaults filled in, strings trimmed) without zod's payload object and issue array for every value, which
 * were most of the schema stage's time and garbage. The zod schemas stay the one source of truth.
 *
 * Each object node and each value with checks gets a small function of its own, written with its keys and checks
 * spelled out (`new Function`, over values passed in as arguments), so that each runs at full speed on the one
 * shape it sees. A node it does not know for certain (a transform or pipe, a string format other than a pattern
 * or an ISO date, such as z.url or z.email, a check other than length, bounds, pattern, overwrite and refinement,
 * anything a later zod adds) is handed whole to zod's own parser: slower, never different. The fast path only
 * says whether a value is valid and builds it; for an invalid file, `schemaIssues` asks zod for its issues, but
 * only of the parts the fast path refuses. Each node follows zod 4.6.7's parser (node_modules/zod/v4/core/schemas.js and checks.js);
 * tests/unit/fast-schema.test.ts holds the two together over every content schema and thousands of mutated files.
 */
import { z } from 'zod';
import { util } from 'zod/v4/core';

/** The fast path's answer: the value zod would give, or that the input is not valid (ask zod why). */
export type FastResult<T> = { ok: true; data: T } | { ok: false };

/** What a compiled node returns for a value it refuses. */
const FAIL: unique symbol = Symbol('invalid');
type Parse = (value: unknown) => unknown;

/** The parts of zod's internals the compiler reads (zod 4's `_zod`). */
interface Node {
  _zod: {
    def: Def;
    traits: Set<string>;
    optin?: 'optional' | 'defaulted';
    optout?: 'optional';
    values?: Set<unknown>;
    propValues?: Record<string, Set<unknown>>;
    run: (payload: { value: unknown; issues: unknown[] }, ctx: { async: boolean }) => { value: unknown; issues: unknown[] } | Promise<unknown>;
  };
}
interface Def {
  type: string;
  checks?: Check[];
  coerce?: boolean;
  shape?: Record<string, Node>;
  catchall?: Node;
  element?: Node;
  innerType?: Node;
  defaultValue?: unknown;
  options?: Node[];
  discriminator?: string;
  unionFallback?: boolean;
  items?: Node[];
  rest?: Node | null;
  keyType?: Node;
  valueType?: Node;
  mode?: string;
  partial?: boolean;
  // Checks (a node that is its own check, as z.int() is, carries these on its def).
  check?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: unknown;
  inclusive?: boolean;
  pattern?: RegExp;
  tx?: (value: unknown) => unknown;
  when?: unknown;
}
interface Check {
  /** `check` runs it over a payload, adding an issue when the value fails (checks.js). */
  _zod: { def: Def; traits: Set<string>; check?: (payload: { value: unknown; issues: unknown[] }) => unknown };
}

const compiled = new WeakMap<object, (input: unknown) => FastResult<unknown>>();

/** A schema's fast path, compiled on its first use and kept for the schema object's life. */
export function fastSchema<T extends z.ZodType>(schema: T): (input: unknown) => FastResult<z.output<T>> {
  let fast = compiled.get(schema);
  if (!fast) {
    const parse = compileNode(schema as unknown as Node, new Map());
    fast = (input) => {
      const data = parse(input);
      return data === FAIL ? { ok: false } : { ok: true, data };
    };
    compiled.set(schema, fast);
  }
  return fast as (input: unknown) => FastResult<z.output<T>>;
}

/**
 * Makes a payload given to zod let go of its value once the value is read. V8 puts objects made at one place of the
 * code straight into the old generation once it finds most of them alive at its minor collections (allocation-site
 * pretenuring), and it does so for these payloads. Dead there, a payload still holding its value keeps the value,
 * and through its texts the whole text of the file they were read from, alive through every minor collection until
 * the next major one: over bench:content's tree, some 30 MB of file texts copied into the old generation a run.
 */
function letGo(payload: { value: unknown }): void {
  payload.value = undefined;
}

/** Hands a node whole to zod, as safeParse runs it. */
function byZod(node: Node): Parse {
  return (value) => {
    const payload = { value, issues: [] };
    const result = node._zod.run(payload, { async: false });
    if (result instanceof Promise) return FAIL;
    const parsed = result.issues.length ? FAIL : result.value;
    // zod gives this payload back, or one of its own (a pipe's, a transform's).
    letGo(payload);
    letGo(result);
    return parsed;
  };
}

/** Whether every zod core trait of a node or check ("$Zod...") is one of those named. */
function onlyTraits(traits: Set<string>, allowed: readonly string[]): boolean {
  for (const trait of traits) if (trait.startsWith('$') && !allowed.includes(trait)) return false;
  return true;
}

/** Compiles a node; one met again while it is being compiled (a schema that refers to itself) is called through its slot. */
function compileNode(node: Node, seen: Map<Node, Parse>): Parse {
  const known = seen.get(node);
  if (known) return known;
  const slot: { parse?: Parse } = {};
  seen.set(node, (value) => slot.parse!(value));
  const parse = withChecks(node, seen) ?? byZod(node);
  slot.parse = parse;
  seen.set(node, parse);
  if (!nodeParses.has(node)) nodeParses.set(node, parse);
  return parse;
}

/** Each node's compiled parse, for telling which parts of a refused value fail (`schemaIssues`). */
const nodeParses = new WeakMap<Node, Parse>();

/**
 * A node's own parse followed by its checks, in the order they were added, written as one small function of its
 * own (see objectParse); undefined when any check is not known for certain.
 */
function withChecks(node: Node, seen: Map<Node, Parse>): Parse | undefined {
  const base = baseParse(node, seen);
  if (!base) return undefined;
  const { def, traits } = node._zod;
  // z.int() and the string formats are their own first check.
  const checks = [...(traits.has('$ZodCheck') ? [node as Check] : []), ...(def.checks ?? [])];
  if (checks.length === 0) return base;
  // The checks' values (bounds, patterns, the overwrite's function) come in as arguments named k0, k1 ...
  const constants: unknown[] = [];
  const constant = (value: unknown) => `k${constants.push(value) - 1}`;
  const lines = ['let v = base(value);', 'if (v === FAIL) return FAIL;'];
  for (const check of checks) {
    const code = checkCode(check, def.type, constant);
    if (code === undefined) return undefined;
    lines.push(code);
  }
  lines.push('return v;');
  return made(['base', 'codePoints', ...constants.map((_, i) => `k${i}`)], lines, [base, codePoints, ...constants]);
}

/** A function made from lines of code over `value`, given FAIL and the named values; undefined where code cannot be made (a policy against eval). */
function made(names: string[], lines: string[], values: unknown[]): Parse | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code is written here; the schema gives only keys (as JSON strings) and values passed as arguments
    const make = new Function('FAIL', ...names, `return (value) => {\n${lines.join('\n')}\n};`) as (fail: symbol, ...values: unknown[]) => Parse;
    return make(FAIL, ...values);
  } catch {
    return undefined;
  }
}

/** The number of code points in a text, which is how zod counts a text's length (checks.js): a pair of surrogates is one character. */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    if ((text.charCodeAt(i) & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
}

/** The source of the function zod's .trim() replaces a text with (api.js, `_trim`), by which the compiled code knows it. */
const zodTrim = String((z.string().trim() as unknown as Node)._zod.def.checks![0]!._zod.def.tx);

/** The condition zod gives a length check unless told otherwise: the value has a length (checks.js, `_whenHasLength`). */
const lengthWhen = (z.string().min(1) as unknown as Node)._zod.def.checks![0]!._zod.def.when;

/**
 * A length check over `v`, run only on a value with a length, as zod's default condition says. A code point is one
 * or two UTF-16 units, so a text is counted character by character only when its units leave the answer in doubt;
 * otherwise its units answer (zod counts the same way).
 */
const lengthCode = (pass: (length: string) => string, doubt: string) =>
  `if (v !== null && v !== undefined && v.length !== undefined) { const u = v.length; if (!(${pass(`(typeof v === "string" && ${doubt} ? codePoints(v) : u)`)})) return FAIL; }`;

/** The code of one check over the value `v` (which it may replace), returning FAIL when it fails; undefined for a check left to zod. */
function checkCode(check: Check, type: string, constant: (value: unknown) => string): string | undefined {
  const { def, traits } = check._zod;
  const lengthy = (type === 'string' || type === 'array') && def.when === lengthWhen;
  // Any other check runs unconditionally; one given a condition of its own is left to zod.
  if (!lengthy && def.when !== undefined) return undefined;
  switch (def.check) {
    case 'min_length': {
      if (!lengthy || typeof def.minimum !== 'number' || !onlyTraits(traits, ['$ZodCheck', '$ZodCheckMinLength'])) return undefined;
      const min = constant(def.minimum);
      return lengthCode((length) => `${length} >= ${min}`, `u >= ${min} && u < ${min} * 2`);
    }
    case 'max_length': {
      if (!lengthy || typeof def.maximum !== 'number' || !onlyTraits(traits, ['$ZodCheck', '$ZodCheckMaxLength'])) return undefined;
      const max = constant(def.maximum);
      return lengthCode((length) => `${length} <= ${max}`, `u > ${max}`);
    }
    case 'length_equals': {
      if (!lengthy || typeof def.length !== 'number' || !onlyTraits(traits, ['$ZodCheck', '$ZodCheckLengthEquals'])) return undefined;
      const wanted = constant(def.length);
      return lengthCode((length) => `${length} === ${wanted}`, `u >= ${wanted} && u <= ${wanted} * 2`);
    }
    case 'string_format': {
      // A plain .regex(), or z.iso.date(), which is its pattern and nothing more (schemas.js, $ZodISODate); other
      // named formats (email, url ...) may do more than a pattern.
      const regex = def.format === 'regex' && onlyTraits(traits, ['$ZodCheck', '$ZodCheckStringFormat', '$ZodCheckRegex']);
      const date = def.format === 'date' && onlyTraits(traits, ['$ZodCheck', '$ZodCheckStringFormat', '$ZodISODate', '$ZodStringFormat', '$ZodString', '$ZodType']);
      if (type !== 'string' || !(def.pattern instanceof RegExp) || !(regex || date)) return undefined;
      const pattern = constant(def.pattern);
      return `${pattern}.lastIndex = 0; if (!${pattern}.test(v)) return FAIL;`;
    }
    case 'overwrite':
      // .trim(), .toLowerCase() ...: zod replaces the value with the function's result.
      if (typeof def.tx !== 'function' || !onlyTraits(traits, ['$ZodCheck', '$ZodCheckOverwrite'])) return undefined;
      // A text's .trim(), which every text of the content has: trimmed only when it begins or ends with a character
      // other than a printable ASCII one (none of those is a space to trim), which spares most texts the call.
      if (type === 'string' && String(def.tx) === zodTrim) return '{ const a = v.charCodeAt(0), b = v.charCodeAt(v.length - 1); if (!(a > 32 && a < 127 && b > 32 && b < 127)) v = v.trim(); }';
      return `v = ${constant(def.tx)}(v);`;
    case 'greater_than':
    case 'less_than': {
      const above = def.check === 'greater_than';
      if (type !== 'number' || typeof def.value !== 'number' || !onlyTraits(traits, ['$ZodCheck', above ? '$ZodCheckGreaterThan' : '$ZodCheckLessThan'])) return undefined;
      return `if (!(v ${above ? '>' : '<'}${def.inclusive ? '=' : ''} ${constant(def.value)})) return FAIL;`;
    }
    case 'number_format':
      // z.int() and .int(): a whole number within the safe integers (Number.isSafeInteger is false for NaN and fractions).
      if (type !== 'number' || def.format !== 'safeint' || !onlyTraits(traits, ['$ZodCheck', '$ZodCheckNumberFormat', '$ZodType', '$ZodNumber', '$ZodNumberFormat'])) return undefined;
      return 'if (!Number.isSafeInteger(v)) return FAIL;';
    case 'custom': {
      // .refine() and .superRefine(): the author's function, run as zod runs it, on the value built so far, with
      // a payload of its own; any issue it adds fails the value (zod then words it). An async one is left to zod.
      // The payload lets go of the value once it is read, as letGo() says why.
      if (!onlyTraits(traits, ['$ZodCheck', '$ZodType', '$ZodCustom']) || typeof check._zod.check !== 'function') return undefined;
      const refinement = constant(check);
      return `{ const payload = { value: v, issues: [] }; if (${refinement}._zod.check(payload) instanceof Promise || payload.issues.length) return FAIL; v = payload.value; payload.value = undefined; }`;
    }
    default:
      return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** zod's isPlainObject (util.js), which a record asks of its input. */
function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (!isObject(value)) return false;
  const ctor: unknown = value.constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const prototype: unknown = (ctor as { prototype?: unknown }).prototype;
  return isObject(prototype) && Object.prototype.hasOwnProperty.call(prototype, 'isPrototypeOf');
}

/** zod's pattern for a number written as text (regexes.js), with which a record retries a key. */
const numericKey = /^-?\d+(?:\.\d+)?$/;

/** A node's parse without its checks; undefined for a node left to zod. */
function baseParse(node: Node, seen: Map<Node, Parse>): Parse | undefined {
  const { def, traits } = node._zod;
  const child = (inner: Node) => compileNode(inner, seen);
  switch (def.type) {
    case 'string':
      // A format (z.iso.date() ...) is a string that is its own first check, compiled or left to zod as that check is.
      if (def.coerce || !onlyTraits(traits, ['$ZodType', '$ZodString', '$ZodStringFormat', '$ZodCheckStringFormat', '$ZodCheck', '$ZodISODate'])) return undefined;
      return (value) => (typeof value === 'string' ? value : FAIL);
    case 'number':
      // z.number() refuses NaN and the infinities; z.int() is a number that is its own safe-integer check.
      if (def.coerce || !onlyTraits(traits, ['$ZodType', '$ZodNumber', '$ZodCheck', '$ZodCheckNumberFormat', '$ZodNumberFormat'])) return undefined;
      return (value) => (typeof value === 'number' && Number.isFinite(value) ? value : FAIL);
    case 'boolean':
      if (def.coerce || !onlyTraits(traits, ['$ZodType', '$ZodBoolean'])) return undefined;
      return (value) => (typeof value === 'boolean' ? value : FAIL);
    case 'enum':
    case 'literal': {
      const values = node._zod.values;
      if (!values || !onlyTraits(traits, ['$ZodType', def.type === 'enum' ? '$ZodEnum' : '$ZodLiteral'])) return undefined;
      return (value) => (values.has(value) ? value : FAIL);
    }
    case 'optional': {
      if (!onlyTraits(traits, ['$ZodType', '$ZodOptional'])) return undefined;
      const inner = def.innerType!;
      const parse = child(inner);
      // Absent stays absent, unless the inner node substitutes a value (a default), which then fails to nothing.
      if (inner._zod.optin === 'defaulted')
        return (value) => {
          if (value !== undefined) return parse(value);
          const out = parse(undefined);
          return out === FAIL ? undefined : out;
        };
      return (value) => (value === undefined ? undefined : parse(value));
    }
    case 'nullable': {
      if (!onlyTraits(traits, ['$ZodType', '$ZodNullable'])) return undefined;
      const parse = child(def.innerType!);
      return (value) => (value === null ? null : parse(value));
    }
    case 'default': {
      if (!onlyTraits(traits, ['$ZodType', '$ZodDefault'])) return undefined;
      const parse = child(def.innerType!);
      // The default is not validated; `defaultValue` is a getter that gives a fresh (shallow) copy each time.
      return (value) => {
        if (value === undefined) return def.defaultValue;
        const out = parse(value);
        return out === undefined ? def.defaultValue : out;
      };
    }
    case 'array': {
      if (!onlyTraits(traits, ['$ZodType', '$ZodArray'])) return undefined;
      const parse = child(def.element!);
      return (value) => {
        if (!Array.isArray(value)) return FAIL;
        const out: unknown[] = new Array(value.length);
        for (let i = 0; i < value.length; i++) {
          const item = parse(value[i]);
          if (item === FAIL) return FAIL;
          out[i] = item;
        }
        return out;
      };
    }
    case 'object':
      return objectParse(node, seen);
    case 'union': {
      if (traits.has('$ZodDiscriminatedUnion')) return discriminatedParse(node, seen);
      if (!onlyTraits(traits, ['$ZodType', '$ZodUnion'])) return undefined;
      // The first option that takes the value gives it.
      const options = def.options!.map(child);
      return (value) => {
        for (const option of options) {
          const out = option(value);
          if (out !== FAIL) return out;
        }
        return FAIL;
      };
    }
    case 'tuple': {
      // Fixed items only: optional items and a rest have rules of their own, left to zod.
      const items = def.items!;
      if (def.rest || items.some((item) => item._zod.optin !== undefined || item._zod.optout !== undefined) || !onlyTraits(traits, ['$ZodType', '$ZodTuple'])) return undefined;
      const parses = items.map(child);
      return (value) => {
        if (!Array.isArray(value) || value.length !== parses.length) return FAIL;
        const out: unknown[] = [];
        for (let i = 0; i < parses.length; i++) {
          const item = parses[i]!(value[i]);
          if (item === FAIL) return FAIL;
          out[i] = item;
        }
        return out;
      };
    }
    case 'record':
      return recordParse(node, seen);
    default:
      return undefined;
  }
}

/**
 * An object as zod's compiled object parser builds it (schemas.js, $ZodObjectJIT): the shape's keys in order,
 * an absent optional key left out, a key present with `undefined` kept, a default filled in, and with
 * strictObject any other key refused; z.object drops other keys.
 */
function objectParse(node: Node, seen: Map<Node, Parse>): Parse | undefined {
  const { def, traits } = node._zod;
  if (!onlyTraits(traits, ['$ZodType', '$ZodObject', '$ZodObjectJIT'])) return undefined;
  const shape = def.shape!;
  if (Object.getOwnPropertySymbols(shape).length) return undefined;
  const keys = Object.keys(shape);
  if (keys.includes('__proto__')) return undefined;
  const catchall = def.catchall;
  const strict = catchall !== undefined;
  if (strict && (catchall._zod.def.type !== 'never' || !onlyTraits(catchall._zod.traits, ['$ZodType', '$ZodNever']) || catchall._zod.def.checks?.length)) return undefined;
  // 0: required, 1: optional (absent left out), 2: optional over a default, 3: defaulted, 4: optional in only.
  // Each object node gets a small function of its own, written with its keys as literals: its property reads and
  // writes then see one shape each and run at full speed, where one function for every object would be slowed
  // by all their shapes. The fields' parses come in as arguments; only the keys (as JSON strings) are written.
  const parses: Parse[] = [];
  const lines = ['if (typeof value !== "object" || value === null || Array.isArray(value)) return FAIL;', 'const out = {};', 'let item;'];
  keys.forEach((key, i) => {
    const field = shape[key]!;
    const { optin, optout } = field._zod;
    parses.push(compileNode(field, seen));
    const k = JSON.stringify(key);
    lines.push(`item = p${i}(value[${k}]);`);
    if (optin === undefined) {
      // Required: present and valid (a key whose schema takes undefined must still be there).
      lines.push(`if (item === FAIL || !(${k} in value)) return FAIL;`, `out[${k}] = item;`);
    } else if (optout === 'optional') {
      // Optional: a failure counts only when the key is there; absent, it is left out (over a default, kept if the default gives a value).
      const keep = optin === 'optional' ? `${k} in value` : `item !== undefined || ${k} in value`;
      lines.push(`if (item === FAIL) { if (${k} in value) return FAIL; } else if (${keep}) out[${k}] = item;`);
    } else {
      // A default fills the key in.
      lines.push('if (item === FAIL) return FAIL;', optin === 'defaulted' ? `out[${k}] = item;` : `if (item !== undefined || ${k} in value) out[${k}] = item;`);
    }
  });
  if (strict) lines.push(`for (const key in value) if (${keys.length ? keys.map((key) => `key !== ${JSON.stringify(key)}`).join(' && ') : 'true'}) return FAIL;`);
  lines.push('return out;');
  return made(
    parses.map((_, i) => `p${i}`),
    lines,
    parses,
  );
}

/** A discriminated union picks its option by the discriminator's value alone; an unknown value is refused. */
function discriminatedParse(node: Node, seen: Map<Node, Parse>): Parse | undefined {
  const { def, traits } = node._zod;
  if (def.unionFallback || !onlyTraits(traits, ['$ZodType', '$ZodUnion', '$ZodDiscriminatedUnion'])) return undefined;
  const discriminator = def.discriminator!;
  // As zod's discriminatorMap: a value two options claim is refused (undefined), or makes zod throw (left to zod).
  const byValue = new Map<unknown, Parse | null>();
  for (const option of def.options!) {
    const values = option._zod.propValues?.[discriminator];
    if (!values || values.size === 0) return undefined;
    const parse = compileNode(option, seen);
    for (const value of values) {
      if (byValue.has(value)) {
        if (value !== undefined) return undefined;
        byValue.set(value, null);
      } else byValue.set(value, parse);
    }
  }
  return (value) => {
    if (!isObject(value)) return FAIL;
    const parse = byValue.get(value[discriminator]);
    return parse ? parse(value) : FAIL;
  };
}

/** A record over keys a schema checks (z.record(z.string().regex(...), ...), z.partialRecord): each own key checked, then its value. */
function recordParse(node: Node, seen: Map<Node, Parse>): Parse | undefined {
  const { def, traits } = node._zod;
  if (def.mode === 'loose' || !onlyTraits(traits, ['$ZodType', '$ZodRecord'])) return undefined;
  const keyType = def.keyType!;
  // A record over a full set of keys (z.record(z.enum(...), ...)) has rules of its own: left to zod.
  if (keyType._zod.values && !def.partial) return undefined;
  const parseKey = compileNode(keyType, seen);
  const parseValue = compileNode(def.valueType!, seen);
  // Symbol keys (which YAML never gives) are left to zod.
  let whole: Parse | undefined;
  return (value) => {
    if (!isPlainObject(value)) return FAIL;
    const out: Record<PropertyKey, unknown> = {};
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key === 'symbol') return (whole ??= byZod(node))(value);
      if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(value, key)) continue;
      let outKey = parseKey(key);
      // A key written as a number is tried as one too.
      if (outKey === FAIL && numericKey.test(key)) outKey = parseKey(Number(key));
      if (outKey === FAIL) return FAIL;
      if (outKey === '__proto__') continue;
      const item = parseValue(value[key]);
      if (item === FAIL) return FAIL;
      out[outKey as PropertyKey] = item;
    }
    return out;
  };
}

/** An issue as zod raises it, before it is worded (zod's $ZodRawIssue). */
type RawIssue = z.core.$ZodRawIssue;

/** The parse zod runs for a node, with its checks, as safeParse does. */
function zodIssues(node: Node, value: unknown): RawIssue[] {
  const payload = { value, issues: [] };
  const result = node._zod.run(payload, { async: false });
  if (result instanceof Promise) throw new Error('an async schema cannot check content');
  letGo(payload);
  letGo(result);
  return result.issues as RawIssue[];
}

/** Issues found at a place inside their parent: `key` put before each path, as zod's prefixIssues does. */
function prefixed(key: PropertyKey, issues: RawIssue[]): RawIssue[] {
  for (const issue of issues as { path?: PropertyKey[] }[]) (issue.path ??= []).unshift(key);
  return issues;
}

/** How a node is searched for the parts of a value that fail; undefined: it is handed whole to zod. */
type Narrowing =
  | { kind: 'object'; keys: string[]; keySet: Set<string>; strict: boolean }
  | { kind: 'array' }
  | { kind: 'checked-array'; checks: Check[]; cap: number }
  | { kind: 'union'; discriminator: string; byValue: Map<unknown, Node | null> }
  | { kind: 'optional' };

const narrowings = new WeakMap<Node, Narrowing | null>();

/** A length check that zod runs on a value with a length (its default condition), and nothing else. */
const isLengthCheck = (check: Check) =>
  check._zod.def.when === lengthWhen &&
  ['min_length', 'max_length', 'length_equals'].includes(check._zod.def.check!) &&
  onlyTraits(check._zod.traits, ['$ZodCheck', '$ZodCheckMinLength', '$ZodCheckMaxLength', '$ZodCheckLengthEquals']);

/** The nodes whose parse is followed here as zod's schemas.js runs it: objects, lists, discriminated unions and optionals. */
function narrowingOf(node: Node): Narrowing | undefined {
  const known = narrowings.get(node);
  if (known !== undefined) return known ?? undefined;
  const { def, traits } = node._zod;
  const checks = def.checks ?? [];
  let found: Narrowing | null = null;
  if (def.type === 'object' && checks.length === 0 && onlyTraits(traits, ['$ZodType', '$ZodObject', '$ZodObjectJIT'])) {
    const shape = def.shape!;
    const keys = Object.keys(shape);
    const catchall = def.catchall;
    const strict = catchall !== undefined;
    const plainKeys = Object.getOwnPropertySymbols(shape).length === 0 && !keys.includes('__proto__');
    if (plainKeys && (!strict || (catchall._zod.def.type === 'never' && onlyTraits(catchall._zod.traits, ['$ZodType', '$ZodNever']) && !catchall._zod.def.checks?.length)))
      found = { kind: 'object', keys, keySet: new Set(keys), strict };
  } else if (def.type === 'array' && onlyTraits(traits, ['$ZodType', '$ZodArray'])) {
    if (checks.length === 0) found = { kind: 'array' };
    // zod's capSize: a list longer than its highest length is refused by that check alone, its items unread.
    else if (checks.every(isLengthCheck)) found = { kind: 'checked-array', checks, cap: Math.min(...util.sizeCaps(checks as unknown as z.core.$ZodCheck<never>[]).map(([max]) => max)) };
  } else if (def.type === 'union' && checks.length === 0 && !def.unionFallback && onlyTraits(traits, ['$ZodType', '$ZodUnion', '$ZodDiscriminatedUnion'])) {
    // As zod's discriminatorMap: a value two options claim picks none.
    const byValue = new Map<unknown, Node | null>();
    let mapped = true;
    for (const option of def.options!) {
      const values = option._zod.propValues?.[def.discriminator!];
      if (!values || values.size === 0) mapped = false;
      else for (const value of values) byValue.set(value, byValue.has(value) ? null : option);
    }
    if (mapped && def.discriminator !== undefined) found = { kind: 'union', discriminator: def.discriminator, byValue };
  } else if (def.type === 'optional' && checks.length === 0 && onlyTraits(traits, ['$ZodType', '$ZodOptional'])) {
    found = { kind: 'optional' };
  }
  narrowings.set(node, found);
  return found ?? undefined;
}

/** Whether the fast path takes a value at a node (compiling the node on its own if no schema compiled it). */
function takes(node: Node, value: unknown): boolean {
  let parse = nodeParses.get(node);
  if (!parse) parse = compileNode(node, new Map());
  return parse(value) !== FAIL;
}

/**
 * The issues zod raises for a value the fast path refused, the same and in the same order as safeParse's, but with
 * zod run only on the parts that fail: objects, lists, a discriminated union's option and optionals are followed
 * as zod's parser follows them (schemas.js: $ZodObject with handlePropertyResult and handleCatchall, $ZodArray,
 * $ZodDiscriminatedUnion, $ZodOptional), and a part the fast path takes has no issues. A whole file given to zod
 * was most of the time of a file with one mistake. tests/unit/fast-schema.test.ts holds the issues to safeParse's.
 */
export function schemaIssues(schema: z.ZodType, input: unknown): RawIssue[] {
  return issuesAt(schema as unknown as Node, input);
}

function issuesAt(node: Node, value: unknown): RawIssue[] {
  const narrowing = narrowingOf(node);
  if (!narrowing) return zodIssues(node, value);
  switch (narrowing.kind) {
    case 'object': {
      if (!isObject(value)) return zodIssues(node, value);
      const shape = node._zod.def.shape!;
      const issues: RawIssue[] = [];
      for (const key of narrowing.keys) {
        const field = shape[key]!;
        const { optin, optout } = field._zod;
        const present = key in value;
        // An absent key is cheap for zod; a present one is looked into only when the fast path refuses it.
        const found = present ? (takes(field, value[key]) ? [] : issuesAt(field, value[key])) : zodIssues(field, undefined);
        // handlePropertyResult: an optional key left out has no issues; a required one left out is "nonoptional".
        if (!present && optout === 'optional' && optin === 'optional') continue;
        if (found.length) {
          if (optin !== undefined && optout === 'optional' && !present) continue;
          issues.push(...prefixed(key, found));
        }
        if (!present && optin === undefined && !found.length) issues.push({ code: 'invalid_type', expected: 'nonoptional', input: undefined, path: [key] });
      }
      if (narrowing.strict) {
        const unrecognized: string[] = [];
        for (const key in value) if (!narrowing.keySet.has(key)) unrecognized.push(key);
        if (unrecognized.length) issues.push({ code: 'unrecognized_keys', keys: unrecognized, input: value, inst: node, continue: true } as unknown as RawIssue);
      }
      return issues;
    }
    case 'array':
    case 'checked-array': {
      if (!Array.isArray(value) || (narrowing.kind === 'checked-array' && value.length > narrowing.cap)) return zodIssues(node, value);
      const element = node._zod.def.element!;
      const issues: RawIssue[] = [];
      for (let i = 0; i < value.length; i++) if (!takes(element, value[i])) issues.push(...prefixed(i, issuesAt(element, value[i])));
      if (narrowing.kind === 'checked-array') {
        // runChecks: a length check runs unless an issue aborted explicitly, on the list built (of the same length).
        const payload = { value: value as unknown, issues };
        for (const check of narrowing.checks) {
          if (issues.some((issue) => issue.continue === false)) continue;
          if (!(check._zod.def.when as (payload: unknown) => boolean)(payload)) continue;
          const before = issues.length;
          check._zod.check?.(payload);
          for (let i = before; i < issues.length; i++) (issues[i] as { schema?: unknown }).schema ??= node;
        }
        letGo(payload);
      }
      return issues;
    }
    case 'union': {
      if (!isObject(value)) return zodIssues(node, value);
      const option = narrowing.byValue.get(value[narrowing.discriminator]);
      return option ? issuesAt(option, value) : zodIssues(node, value);
    }
    case 'optional':
      return value === undefined ? zodIssues(node, value) : issuesAt(node._zod.def.innerType!, value);
  }
}
