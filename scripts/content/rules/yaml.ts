/** Rules about the YAML of a file itself, before its schema: what the parser refuses or reads otherwise than an author means. */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'yaml/syntax': {
    severity: 'error',
    description: 'The file is not valid YAML: a line indented wrongly (pointed at where it starts), a quote never closed, or closed only by an apostrophe lines further down (pointed at where it opens), a duplicate key, an unquoted `: `, a tab.',
  },
  'yaml/flow-question': {
    severity: 'warning',
    description: 'A `?` in an unquoted text inside `{ }` (`{ en: Who do I go to?, nl: ... }`): this project reads it, but YAML 1.1 tools (PyYAML, translation memories, CMS imports) stop there. Quote the text.',
  },
  'yaml/comment-in-text': {
    severity: 'warning',
    description: '` #` in an unquoted text starts a comment, so the text stops there (`en: Ranked #1 lab` shows "Ranked"). Quote the text.',
  },
});
