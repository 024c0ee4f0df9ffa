/** Rules about the YAML of a file itself, before its schema: what the parser refuses or reads otherwise than an author means. */
import type { CheckRun } from '../check/run.ts';
import type { SourceFile } from '../source.ts';
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'yaml/syntax': {
    severity: 'error',
    description:
      "The file is not valid YAML, named as the mistake an author makes and pointed at where it was made: a line indented wrongly, a quote, `{` or `[` never closed (or closed only by an apostrophe lines further down), a quote that ends a text early (`'The patient's guide'`), a text that begins with a character YAML keeps (`@`, `[`, `**`, `%`, `` ` ``, `!`), a missing space after a key's colon (`nl:Kronen`), a `}` or `]` too many, a second `---` document, a duplicate key, an unquoted `: `, a tab. `tests/fixtures/yaml-mistakes/corpus.yaml` holds the mistakes it names.",
  },
  'yaml/flow-question': {
    severity: 'warning',
    description:
      'A `?` in an unquoted text inside `{ }` (`{ en: Who do I go to?, nl: ... }`): this project reads it, but YAML 1.1 tools (PyYAML, translation memories, CMS imports) stop there. Quote the text.',
  },
  'yaml/comment-in-text': {
    severity: 'warning',
    description: '` #` in an unquoted text starts a comment, so the text stops there (`en: Ranked #1 lab` shows "Ranked"). Quote the text.',
  },
});

/** What a file's YAML reads otherwise than its author meant: a text cut at " #", a "?" in a flow map. */
export function checkYamlReading(run: CheckRun, source: SourceFile): void {
  for (const cut of source.cutByComment) {
    const { line, column } = source.position(cut.comment);
    const shown = source.text.slice(cut.start, cut.end).trim();
    run.diagnostics.push({
      file: source.file,
      line,
      column,
      severity: 'warning',
      rule: 'yaml/comment-in-text',
      message: `the text stops at " #": YAML reads the rest of the line as a comment, so the page shows only "${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}"`,
      hint: 'put the whole text between double quotes to keep the # and what follows, or move a comment to a line of its own',
    });
  }
  for (const at of source.plainQuestionsInFlow()) {
    const { line, column } = source.position(at);
    run.diagnostics.push({
      file: source.file,
      line,
      column,
      severity: 'warning',
      rule: 'yaml/flow-question',
      message: 'a "?" in an unquoted text inside { }: this project reads it, but other YAML tools (translation memories, CMS imports) stop at it',
      hint: 'put the text between double quotes, e.g. { en: "Who do I go to?", nl: "Bij wie kan ik terecht?" }',
    });
  }
}
