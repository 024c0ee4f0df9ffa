/**
 * Every rule of the content check, listed once: each family module declares its rules (id, severity,
 * description) beside the functions that report them, and this registry joins them. `RuleId` is the union
 * of their ids, so a diagnostic can only name a rule that is here; the README's table of rules, the SARIF
 * report's rule metadata and `npm run check -- --help` are made from it (tests/unit/rule-registry.test.ts
 * fails when the README's table differs).
 */
import { rules as files } from './files.ts';
import { rules as i18n } from './i18n.ts';
import { rules as images } from './images.ts';
import { rules as links } from './links.ts';
import { rules as navigation } from './navigation.ts';
import { rules as redirects } from './redirects.ts';
import { rules as refs } from './refs.ts';
import { rules as schema } from './schema.ts';
import { rules as seo } from './seo.ts';
import { rules as site } from './site.ts';
import { rules as style } from './style.ts';
import { rules as ui } from './ui.ts';
import { rules as urls } from './urls.ts';
import { rules as yaml } from './yaml.ts';
import type { RuleSpec, Severity } from './spec.ts';

export type { RuleSpec, Severity } from './spec.ts';

/** The families in the order the README lists them: as an author meets them, from a file's YAML to a release. */
export const registry = { ...yaml, ...files, ...schema, ...i18n, ...links, ...refs, ...images, ...redirects, ...ui, ...seo, ...style, ...site, ...navigation, ...urls } as const;

/** The id of a rule of the check, e.g. `link/broken`. */
export type RuleId = keyof typeof registry;

export const ruleIds = Object.keys(registry) as RuleId[];

/** True for the id of a rule in the registry (a schema names its custom rules by id: validate.ts checks them). */
export function isRuleId(id: unknown): id is RuleId {
  return typeof id === 'string' && Object.hasOwn(registry, id);
}

/** A rule's spec. */
export function ruleSpec(id: RuleId): RuleSpec {
  return registry[id];
}

/** A rule's description as plain text (no backticks), for SARIF and the terminal. */
export function plainDescription(id: RuleId): string {
  // A code span opens and closes with the same run of backticks.
  // Markdown strips one space from each side only when the span has one on both (`` ` `` is a backtick).
  return registry[id].description.replace(/(`+)(.+?)\1(?!`)/g, (_span, _ticks, code: string) => (/^ .*\S.* $/.test(code) ? code.slice(1, -1) : code));
}

/** "warning; an error in a release build": a rule's severity in words. */
export function severityText(spec: RuleSpec): string {
  const article = (s: Severity) => (s === 'error' ? 'an error' : `a ${s}`);
  return spec.also ? `${spec.severity}; ${article(spec.also.severity)} ${spec.also.when}` : spec.severity;
}

/** The severities one rule's findings may have. */
export function allowedSeverities(id: RuleId): Severity[] {
  const spec: RuleSpec = registry[id];
  return spec.also ? [spec.severity, spec.also.severity] : [spec.severity];
}

export const tableStart = '<!-- rules:start (made from scripts/content/rules/registry.ts by npm run check -- --write-readme; do not edit) -->';
export const tableEnd = '<!-- rules:end -->';

/** The README's table of rules: one row per rule, in the registry's order. */
export function ruleTable(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = ruleIds.map((id) => `| \`${id}\` | ${cell(severityText(registry[id]))} | ${cell(registry[id].description)} |`);
  return ['| rule | severity | means |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The README with its table of rules made anew from the registry (the markers must be there). */
export function withRuleTable(readme: string): string {
  const start = readme.indexOf(tableStart);
  const end = readme.indexOf(tableEnd);
  if (start === -1 || end < start) throw new Error(`README.md has no table of rules between "${tableStart}" and "${tableEnd}"`);
  return `${readme.slice(0, start + tableStart.length)}\n${ruleTable()}\n${readme.slice(end)}`;
}

/** The rules for `--help`: each id with its severity and what it finds, one a line. */
export function ruleHelp(): string {
  const width = Math.max(...ruleIds.map((id) => id.length));
  return ruleIds.map((id) => `  ${id.padEnd(width)}  ${registry[id].severity.padEnd(7)}  ${plainDescription(id)}`).join('\n');
}
