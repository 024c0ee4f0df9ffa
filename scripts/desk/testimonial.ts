// A submitted testimonial, with its consent, made into a content file (content/testimonials/<slug>.yaml)
// in the language it was written in. The other language is left out on purpose: `npm run check` reports
// it as missing (i18n/missing-nl or i18n/missing-en) and a build refuses to run, so nothing goes live
// half translated; the author writes it, reads the whole file over and runs the check.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { DeskError, type SubmissionDetail } from '../../src/server/desk.ts';
import { slugify } from '../../src/shared/slug.ts';

/** What was written: the file, its id, and the language it was written in and the one left for the author. */
export interface WrittenTestimonial {
  path: string;
  id: string;
  lang: 'en' | 'nl';
  missing: 'en' | 'nl';
}

const languageNames = { en: 'English', nl: 'Dutch' } as const;

/** The line that ties a file to its submission, so one is never written twice. */
const sourceLine = (id: string) => `# From submission ${id}`;

/** Writes `<contentDir>/testimonials/<slug>.yaml` from a submitted testimonial; refuses one without consent. */
export function writeTestimonial(entry: SubmissionDetail, contentDir: string): WrittenTestimonial {
  if (entry.kind !== 'testimonial') throw new DeskError(`${entry.id} is a submission of the ${entry.kind} form, not a testimonial`);
  if (entry.spam !== null) throw new DeskError(`${entry.id} is marked as suspected spam (${entry.spam}): release it with not-spam first if it is a real testimonial`);
  if (entry.data.consent !== true) throw new DeskError(`${entry.id} has no consent to publish: a testimonial is published only with the consent its sender gave`);
  const field = (key: string) => {
    const value = entry.data[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const [name, role, text] = [field('name'), field('role'), field('text')];
  const empty = Object.entries({ name, role, text })
    .filter(([, value]) => value === '')
    .map(([key]) => key);
  if (empty.length) throw new DeskError(`${entry.id} has no ${empty.join(', ')}: it cannot be a testimonial`);
  const rating = typeof entry.data.rating === 'number' && Number.isInteger(entry.data.rating) && entry.data.rating >= 1 && entry.data.rating <= 5 ? entry.data.rating : 5;

  const folder = join(contentDir, 'testimonials');
  if (!existsSync(folder)) throw new DeskError(`there is no testimonials folder at ${folder}: run this in the project's folder, or give the content folder with --content`);
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.yaml'))) {
    if (readFileSync(join(folder, name), 'utf8').includes(sourceLine(entry.id))) {
      throw new DeskError(`${entry.id} was already written as ${join(folder, name)}`);
    }
  }
  // ASCII, as every slug: "Dr. Özil-Jansen" is dr-ozil-jansen; a second one of the same name gets -2.
  const base = slugify(name) || 'testimonial';
  let id = base;
  for (let n = 2; existsSync(join(folder, `${id}.yaml`)); n++) id = `${base}-${n}`;

  const lang = entry.lang;
  const missing = lang === 'en' ? 'nl' : 'en';
  const header = [
    `${sourceLine(entry.id)}, received ${new Date(entry.createdAt).toISOString().slice(0, 10)} in ${languageNames[lang]} with the consent to publish it.`,
    `# To do: write the ${languageNames[missing]} (${missing}:) of role and text beside the ${languageNames[lang]}, check that the name is`,
    '# as they agreed to be shown, then run npm run check. Until then the check reports the missing language',
    '# and no build publishes the site.',
  ];
  const body = dump({ id, name, role: { [lang]: role }, text: { [lang]: text }, rating }, { lineWidth: 100, noRefs: true });
  const path = join(folder, `${id}.yaml`);
  writeFileSync(path, `${header.join('\n')}\n${body}`, { flag: 'wx' });
  return { path, id, lang, missing };
}
