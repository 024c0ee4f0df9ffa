/** Rules of references from one entry to another: a service, article, testimonial or blog category named by its id. */
import type { Service as ServiceData } from '../../../schemas/index.ts';
import { own, record, text, type Entry, type RefFact, type Scanned } from '../check/model.ts';
import type { CheckRun } from '../check/run.ts';
import type { PathSegment } from '../source.ts';
import { didYouMean } from '../suggest.ts';
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'ref/unknown': { severity: 'error', description: 'A referenced service, article, testimonial or blog category does not exist.' },
  'ref/wrong-kind': { severity: 'error', description: 'A referenced service is of the wrong kind (a detail page where a category belongs).' },
  'ref/self': { severity: 'error', description: 'An article is listed as related to itself.' },
  'ref/duplicate': { severity: 'error', description: 'An entry is listed twice in one list.' },
});

/** Records the entries a list names, reporting one named twice. */
export function addRefs(run: CheckRun, entry: Scanned, path: PathSegment[], values: unknown, target: RefFact['target'], label: string, kinds?: ServiceData['kind'][]): void {
  if (!Array.isArray(values)) return;
  const seen = new Set<string>();
  for (let i = 0; i < values.length; i++) {
    const value: unknown = values[i];
    if (typeof value !== 'string') continue;
    if (seen.has(value)) run.at(entry, [...path, i], 'ref/duplicate', `"${value}" is listed twice here`, 'remove the second one');
    seen.add(value);
    run.facts.refs.push({ entry, path: [...path, i], value: own(value), target, label: label === 'article' && value === text(record(entry.data).slug) ? 'self' : label, kinds });
  }
}

/** References to other entries must exist and be of the right kind. */
export function checkRefs(run: CheckRun): void {
  const { model, facts } = run;
  const { blogCategories } = facts;
  for (const { entry, path, value, target, label, kinds } of facts.refs) {
    if (label === 'self') {
      run.at(entry, path, 'ref/self', 'an article cannot be related to itself', 'pick another article');
      continue;
    }
    if (target === 'blog-categories') {
      if (blogCategories && !blogCategories.includes(value)) {
        run.at(entry, path, 'ref/unknown', `there is no blog category "${value}"`, didYouMean(value, blogCategories) || `categories in content/pages/blog.yaml: ${blogCategories.join(', ')}`);
      }
      continue;
    }
    if (run.brokenSlugs[target].has(value)) continue;
    const map = model[target] as Map<string, Entry<unknown>>;
    if (!map.has(value)) {
      run.at(entry, path, 'ref/unknown', `there is no ${label} "${value}"`, didYouMean(value, map.keys()) || `create content/${target}/${value}.yaml or use an existing ${label}`);
      continue;
    }
    const kind = facts.serviceKinds.get(value);
    if (kinds && kind && !kinds.includes(kind)) run.at(entry, path, 'ref/wrong-kind', `"${value}" is a ${kind} page; a ${kinds.join(' or ')} page is needed here`);
  }
}
