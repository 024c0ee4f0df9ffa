/** What each file tells the cross-file rules: its references, its anchors, its page path, the lab's photographs it lacks. */
import { photoPageIds, type Service as ServiceData } from '../../../schemas/index.ts';
import { addAnchors } from '../rules/links.ts';
import { addRefs } from '../rules/refs.ts';
import { list, own, record, text, type Scanned } from './model.ts';
import type { CheckRun } from './run.ts';

/**
 * Records a file's references to other entries, its anchors and its page path. Each collection has a function of
 * its own: each sees the shapes of one kind of file only, which V8 optimizes once, where one function for all four
 * was optimized again on every run as it met the next collection's files.
 */
export function collectFacts(run: CheckRun, entry: Scanned, owner: string | undefined): void {
  const data = record(entry.data);
  if (entry.collection === 'pages') pageFacts(run, entry, owner, data);
  else if (entry.collection === 'services') serviceFacts(run, entry, owner, data);
  else if (entry.collection === 'testimonials') {
    if (data.sample === true && text(data.id)) run.facts.samples.push(text(data.id)!);
  } else if (entry.collection === 'articles') articleFacts(run, entry, owner, data);
}

function pageFacts(run: CheckRun, entry: Scanned, owner: string | undefined, data: Record<string, unknown>): void {
  const { facts } = run;
  const id = text(data.id);
  if (owner) facts.pagePaths.push({ entry, path: owner });
  if (id) addAnchors(run, entry, owner, id);
  if (id && photoPageIds.includes(id)) missingPhotos(run, entry, data);
  if (id === 'blog' && Array.isArray(data.categories))
    facts.blogCategories = data.categories
      .map((c) => text(record(c).id))
      .filter((c) => c !== undefined)
      .map(own);
  if (id === 'home') {
    addRefs(run, entry, ['featured', 'services'], record(data.featured).services, 'services', 'service');
    addRefs(run, entry, ['testimonials', 'items'], record(data.testimonials).items, 'testimonials', 'testimonial');
    addRefs(run, entry, ['news', 'articles'], record(data.news).articles, 'articles', 'article');
  } else if (id === 'services') {
    addRefs(run, entry, ['categories', 'services'], record(data.categories).services, 'services', 'service', ['category', 'allon4']);
  }
}

function serviceFacts(run: CheckRun, entry: Scanned, owner: string | undefined, data: Record<string, unknown>): void {
  const slug = text(data.slug);
  const kind = text(data.kind) as ServiceData['kind'] | undefined;
  if (slug && kind) run.facts.serviceKinds.set(own(slug), kind);
  if (kind) addAnchors(run, entry, owner, kind);
  missingPhotos(run, entry, data);
  if (kind === 'category') {
    addRefs(run, entry, ['items'], data.items, 'services', 'service', ['detail', 'allon4']);
    const rows = record(data.comparison).rows;
    if (Array.isArray(rows))
      addRefs(
        run,
        entry,
        ['comparison', 'rows'],
        rows.map((row) => record(row).service),
        'services',
        'service',
        ['detail'],
      );
  }
  if (kind === 'detail') {
    if (text(data.category)) addRefs(run, entry, ['category'], [data.category], 'services', 'service', ['category']);
    addRefs(run, entry, ['testimonials'], data.testimonials, 'testimonials', 'testimonial');
  }
}

function articleFacts(run: CheckRun, entry: Scanned, owner: string | undefined, data: Record<string, unknown>): void {
  addAnchors(run, entry, owner, 'article');
  addRefs(run, entry, ['related'], data.related, 'articles', 'article');
  if (text(data.category)) run.facts.refs.push({ entry, path: ['category'], value: own(text(data.category)!), target: 'blog-categories', label: 'blog category' });
}

/** Records where a page shows an illustration or an initial in place of the lab's photograph: its hero, its team's portraits. */
function missingPhotos(run: CheckRun, entry: Scanned, data: Record<string, unknown>): void {
  const { photoless } = run.facts;
  if (!record(data.hero).photo) photoless.push({ entry, path: ['hero'], what: 'the hero shows its illustration (hero.photo)' });
  if (data.id !== 'about') return;
  const members = list(record(data.team).members);
  if (!members.length) photoless.push({ entry, path: ['highlights'], what: 'the page has no team with portraits (team)' });
  const without = members.filter((member) => !record(member).portrait).length;
  if (without) photoless.push({ entry, path: ['team'], what: `${without} of the team ${without === 1 ? 'has' : 'have'} no portrait (team.members[].portrait)` });
}
