/**
 * What a rule of the content check is, apart from its function: the shape every family module declares its
 * rules in (markdownlint's `{ names, description, tags }`, Vale's one check type a file). The registry
 * (registry.ts) lists them; the README's table, the SARIF rule metadata and `--help` are made from it.
 */
export type Severity = 'error' | 'warning' | 'note';

export interface RuleSpec {
  /** How a finding of this rule counts by default: an error fails the check (and CI), the others do not. */
  severity: Severity;
  /** The other severity one finding of it can have, and when (e.g. an error in a release build). */
  also?: { severity: Severity; when: string };
  /** What the rule finds, for authors, in Markdown (one or two sentences). */
  description: string;
}

/** Declares a family's rules, keeping their ids as literal types. */
export const defineRules = <const T extends Record<`${string}/${string}`, RuleSpec>>(rules: T): T => rules;
