/**
 * What each rule of the content check means, read from the README's table of rules ("When something is
 * wrong"), which is written for authors: one text, shown in the README and by tools that show a rule
 * beside a finding (the SARIF report). tests/integration/sarif.test.ts fails for a rule the code reports that
 * the table does not explain.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const readme = fileURLToPath(new URL('../../README.md', import.meta.url));

/** Markdown of a table cell as plain text: no backticks, no emphasis. */
const plain = (cell: string) => cell.replace(/`([^`]*)`/g, '$1').replace(/\*\*([^*]*)\*\*/g, '$1').trim();

/** Every rule id with what it means, from the rows of the README's table of rules. */
export function ruleDescriptions(text = readFileSync(readme, 'utf8')): Map<string, string> {
  const rules = new Map<string, string>();
  const section = text.slice(text.indexOf('### When something is wrong'));
  for (const row of section.split('\n')) {
    const cells = /^\|\s*(`[a-z0-9]+\/[^|]*)\|(.*)\|\s*$/.exec(row);
    if (!cells) continue;
    const ids = [...cells[1]!.matchAll(/`([a-z0-9]+\/[a-z0-9-]+)`/g)].map((m) => m[1]!);
    for (const id of ids) rules.set(id, plain(cells[2]!));
  }
  return rules;
}
