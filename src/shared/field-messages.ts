import type { Lang } from '../../schemas/common.ts';
import { weekdayName } from './format.ts';

/** What the browser and the server read of a schema's issue to word its message. */
export interface MessageIssue {
  code?: string;
  maximum?: unknown;
  params?: unknown;
}

/**
 * The values a field's message names, in the visitor's language: `{max}` of a text that is too long, and
 * of the opening hours (params of `validation.dayClosed` and its kin) `{day}`, the weekday of the date,
 * with `{opens}`, `{closes}` and `{last}` as they are.
 */
export function messageVars(issue: MessageIssue, lang: Lang): Record<string, string | number> {
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  const params = (issue.params ?? {}) as Record<string, unknown>;
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string') vars[name] = value;
  if (vars.date) vars.day = weekdayName(vars.date, lang);
  return vars;
}
