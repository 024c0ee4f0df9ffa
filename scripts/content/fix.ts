/**
 * The fixes the check is certain of (`npm run check -- --fix`), applied as ESLint and markdownlint apply
 * theirs: only the characters of each fix change, so comments, quoting and layout stay byte for byte.
 * `--dry-run` shows them as a diff instead of writing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from './diagnostics.ts';

/** One file's fixes: its text before and after, and each fix applied with the finding it fixes. */
export interface FixedFile {
  file: string;
  before: string;
  after: string;
  applied: Diagnostic[];
}

/** The files the fixes change, each with its new text; two fixes that overlap: the first is kept, the other waits for another run. */
export function fixFiles(diagnostics: readonly Diagnostic[], root: string): FixedFile[] {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) if (d.fix?.edits.length) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const fixed: FixedFile[] = [];
  for (const [file, found] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const before = readFileSync(join(root, file), 'utf8');
    const applied: Diagnostic[] = [];
    const taken: [number, number][] = [];
    const edits: { offset: number; length: number; text: string }[] = [];
    for (const d of [...found].sort((a, b) => a.line - b.line || a.column - b.column)) {
      const own = d.fix!.edits;
      if (own.some((e) => taken.some(([from, to]) => e.offset < to && e.offset + e.length > from))) continue;
      for (const e of own) taken.push([e.offset, e.offset + e.length]);
      edits.push(...own);
      applied.push(d);
    }
    let after = before;
    for (const e of edits.sort((a, b) => b.offset - a.offset)) after = after.slice(0, e.offset) + e.text + after.slice(e.offset + e.length);
    if (after !== before) fixed.push({ file, before, after, applied });
  }
  return fixed;
}

/** Writes the fixed files. */
export function writeFixes(fixed: readonly FixedFile[], root: string): void {
  for (const f of fixed) writeFileSync(join(root, f.file), f.after);
}

/** Each fix as a line: `file:line:col rule "before" -> "after"`. */
export function describeFixes(fixed: readonly FixedFile[]): string[] {
  return fixed.flatMap((f) =>
    f.applied.map((d) => {
      const edits = d.fix!.edits;
      // Shown as whole words: from the start of the first word changed to the end of the last.
      let from = edits[0]!.offset;
      let to = edits.at(-1)!.offset + edits.at(-1)!.length;
      while (from > 0 && /[\p{L}\p{N}-]/u.test(f.before[from - 1]!)) from--;
      while (to < f.before.length && /[\p{L}\p{N}-]/u.test(f.before[to]!)) to++;
      const was = f.before.slice(from, to);
      let now = was;
      for (const e of [...edits].reverse()) now = now.slice(0, e.offset - from) + e.text + now.slice(e.offset - from + e.length);
      return `${d.file}:${d.line}:${d.column} ${d.rule} "${was}" -> "${now}"`;
    }),
  );
}

/** The changed lines of each file as a unified diff (one line of context is enough to find them). */
export function diffFixes(fixed: readonly FixedFile[]): string {
  const out: string[] = [];
  for (const f of fixed) {
    const a = f.before.split('\n');
    const b = f.after.split('\n');
    out.push(`--- a/${f.file}`, `+++ b/${f.file}`);
    // A fix never adds or removes a line: the two texts line up line for line.
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      out.push(`@@ -${i + 1} +${i + 1} @@`, `-${a[i]}`, `+${b[i]}`);
    }
  }
  return out.join('\n');
}
