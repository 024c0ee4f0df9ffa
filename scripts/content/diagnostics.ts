import { isRuleId, plainDescription, type RuleId, type Severity } from './rules/registry.ts';

/** A problem found in content, located compiler-style at a file, line and column. */
export interface Diagnostic {
  /** Path relative to the project root, with forward slashes (`content/services/zirconia.yaml`). */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  severity: Severity;
  /** The rule's id in the registry (rules/registry.ts), such as `i18n/missing-nl`, for searching the README and for tests. */
  rule: RuleId;
  /** What is wrong, naming the YAML path. */
  message: string;
  /** What to do about it. */
  hint?: string;
  /** The YAML path of the node, e.g. `hero.title.nl`. */
  path?: string;
  /**
   * A fix the check is certain of (npm run check -- --fix): characters of the file to replace, by their offset
   * in its text; nothing else of the file changes.
   */
  fix?: { edits: { offset: number; length: number; text: string }[] };
}

/** Output formats of the generate command. */
export type Format = 'pretty' | 'github' | 'json' | 'sarif';
export const formats: readonly Format[] = ['pretty', 'github', 'json', 'sarif'];

/** Orders diagnostics by file, line and column so output is stable. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule));
}

/** One diagnostic as a compiler-style line: `file:line:col severity rule message (hint)`. */
export function formatPretty(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.severity} ${d.rule} ${sentence(d)}`;
}

/** `path: message. Hint` as one sentence for people. */
export function sentence(d: Diagnostic): string {
  const where = d.path ? `${d.path}: ` : '';
  const hint = d.hint ? `. ${d.hint.charAt(0).toUpperCase()}${d.hint.slice(1)}` : '';
  return `${where}${d.message}${hint}`;
}

/** A rule's description; an id from outside the registry (a JSON report read back) is named as it is. */
const describe = (id: string) => (isRuleId(id) ? plainDescription(id) : id);

// GitHub annotations end at a newline and treat % specially, so both are escaped.
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One diagnostic as a GitHub Actions workflow command. */
export function formatGithub(d: Diagnostic): string {
  const level = d.severity === 'note' ? 'notice' : d.severity;
  const text = sentence(d);
  return `::${level} file=${escapeProperty(d.file)},line=${d.line},col=${d.column},title=${escapeProperty(d.rule)}::${escapeData(text)}`;
}

/**
 * A report in SARIF 2.1.0 (the OASIS standard for the results of analysis tools), which GitHub code scanning
 * and editors show at each finding's line: one run of the content check, each rule with what it means
 * (from the registry of rules), each finding with its file (relative to the project root), line and column.
 */
export function formatSarif(list: Diagnostic[]): string {
  const ruleIds = [...new Set(list.map((d) => d.rule))].sort();
  const level = { error: 'error', warning: 'warning', note: 'note' } as const;
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'content-check',
            fullName: "The dental lab site's content check (npm run check)",
            rules: ruleIds.map((id) => ({
              id,
              shortDescription: { text: describe(id) },
              help: { text: `${describe(id)} See "When something is wrong" in README.md.` },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The root of the project (of the repository): the folder that holds content/.' } } },
        results: list.map((d) => ({
          ruleId: d.rule,
          ruleIndex: ruleIds.indexOf(d.rule),
          level: level[d.severity],
          message: { text: sentence(d) },
          locations: [
            {
              physicalLocation: { artifactLocation: { uri: encodeURI(d.file), uriBaseId: '%SRCROOT%' }, region: { startLine: d.line, startColumn: d.column } },
              ...(d.path ? { logicalLocations: [{ fullyQualifiedName: d.path, kind: 'member' }] } : {}),
            },
          ],
        })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2);
}

/** Renders a whole report in the chosen format, with a closing summary for people. */
export function formatReport(list: Diagnostic[], format: Format, files: number): string {
  const sorted = sortDiagnostics(list);
  if (format === 'json') return JSON.stringify({ files, diagnostics: sorted }, null, 2);
  if (format === 'sarif') return formatSarif(sorted);
  const lines = sorted.map(format === 'github' ? formatGithub : formatPretty);
  if (format === 'pretty') lines.push(summary(sorted, files));
  return lines.join('\n');
}

/** "checked 63 files: 2 errors, 1 warning". */
export function summary(list: Diagnostic[], files: number): string {
  const count = (s: Diagnostic['severity']) => list.filter((d) => d.severity === s).length;
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  const parts = [plural(count('error'), 'error'), plural(count('warning'), 'warning')];
  if (count('note')) parts.push(plural(count('note'), 'note'));
  return `checked ${plural(files, 'file')}: ${parts.join(', ')}`;
}
