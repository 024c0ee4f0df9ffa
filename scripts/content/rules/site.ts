/** Rules of the lab's facts (content/site.yaml) and of the texts that show them, and what a release refuses. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteSettings } from '../../../schemas/index.ts';
import { factAt, factReference, factText } from '../../../src/shared/facts.ts';
import { listFiles, offsetInSource } from '../check/locate.ts';
import { own, type Scanned } from '../check/model.ts';
import type { CheckRun } from '../check/run.ts';
import type { PathSegment } from '../source.ts';
import { closest, didYouMean } from '../suggest.ts';
import { walk } from '../walk.ts';
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'text/unknown-fact': {
    severity: 'error',
    description: 'A text shows a fact by its path in braces (`{turnaround.items.zirconiaCrown.days}`, `{phone.display}`) that names no single value of `content/site.yaml`.',
  },
  'text/lab-figure': {
    severity: 'error',
    description:
      'A figure about the lab is written into a text by hand (decision 30): years of experience ("over 15 years"), a team or a count of cases in a sentence about the lab, or the rush service. Write it under `figures` in `content/site.yaml` and show it with `{figures.experienceYears}` or `{figures.rushService}`, so it changes in one place and a release refuses it while it is an example. A legal term ("at least 10 years", a sentence naming the law) is not a figure of the lab.',
  },
  'site/download-missing': { severity: 'error', description: 'A download the site settings name (`downloads.werkbon`, `downloads.priceList`) is not a file in `src/public/`.' },
  'site/hours': { severity: 'error', description: 'Opening hours that close before they open, name a day twice or out of order, or give only one of "opens" and "closes".' },
  'site/placeholder': {
    severity: 'note',
    also: { severity: 'error', when: 'for a name in `placeholders` that is no field of the settings' },
    description: 'The lab facts not yet confirmed (`placeholders` in `content/site.yaml`) and the sample testimonials, listed once.',
  },
  'release/placeholder': { severity: 'error', description: 'A release build: a fact is still an example (`placeholders` in `content/site.yaml`).' },
  'release/samples': { severity: 'note', description: 'A release build: the sample testimonials it leaves out.' },
  'release/no-photo': {
    severity: 'warning',
    description:
      "A release build: a page still shows its illustration where the lab's photograph belongs (a hero without `photo`, the about page without its team's portraits). The build goes on and lists them.",
  },
});

/** A copy of the pattern of a {fact} in a text, so reading a text never moves the `lastIndex` of the one the site shares. */
const factsIn = new RegExp(factReference.source, 'g');

/** The rules of the texts that name the lab's facts, over the site settings once they are read. */
export function siteTextRules(run: CheckRun) {
  // The lab's facts a text may show by their path ({turnaround.items.zirconiaCrown.days}), found once.
  let factPaths: string[] | undefined;
  // The {fact} names that name a value of the settings `shownFor`, each looked up once.
  const shown = new Set<string>();
  let shownFor: SiteSettings | undefined;
  // Whether the file being scanned is one the rules pass over, told once a file rather than once a text.
  let named: { source?: Scanned['source']; settings: boolean; ui: boolean } = { settings: false, ui: false };
  const fileOf = (entry: Scanned) => {
    if (named.source !== entry.source) {
      const file = entry.source.file;
      named = { source: entry.source, settings: /(^|\/)(site|glossary)\.yaml$/.test(file), ui: /(^|\/)ui\.yaml$/.test(file) };
    }
    return named;
  };
  return {
    /**
     * A figure about the lab written into a text by hand (decision 30): the years of experience, the team, the
     * cases or the rush service belong in site settings, shown with {figures...}, so one place changes them and
     * a release refuses them while they are examples. The settings themselves are where they are written.
     */
    checkFigures(entry: Scanned, value: string, path: PathSegment[], lang: 'en' | 'nl', inPair: boolean): void {
      if (fileOf(entry).settings) return;
      const figures = labFigures(value, lang);
      // By index: most texts have none, and a loop over an empty list should cost nothing.
      for (let i = 0; i < figures.length; i++) {
        const found = figures[i]!;
        const fullPath = inPair ? [...path, lang] : [...path];
        run.report(
          entry,
          fullPath,
          'text/lab-figure',
          `"${found.text}" is a figure about the lab written by hand`,
          found.hint,
          'error',
          offsetInSource(entry.source, fullPath, value, found.text, found.at),
        );
      }
    },
    /**
     * Each {fact} in a content text must name one value of the site settings (read before the other files).
     * Interface strings keep braces of their own ({count}), which the app fills in. `lang`: the text is the
     * English or Dutch of the pair at `parent`.
     */
    checkFactRefs(entry: Scanned, value: string, parent: PathSegment[], lang?: 'en' | 'nl'): void {
      if (!value.includes('{')) return;
      const site = run.site;
      if (!site || fileOf(entry).ui) return;
      const path = lang ? [...parent, lang] : parent;
      // The names already found to be facts of these settings: most texts show the same few.
      if (shownFor !== site) {
        shownFor = site;
        shown.clear();
      }
      factsIn.lastIndex = 0;
      for (let match = factsIn.exec(value); match; match = factsIn.exec(value)) {
        const name = match[1]!;
        if (shown.has(name)) continue;
        const found = factAt(site, name);
        if (factText(found, 'en') !== undefined) {
          // A copy: the name is a slice of the file's text, which the set would otherwise hold to the end of the run.
          shown.add(own(name));
          continue;
        }
        // Settings that failed their schema: a fact under a key with an error (or gone) is that error's, reported there.
        const asRead = run.siteAsRead;
        const top = name.split('.')[0]!;
        if (asRead && (asRead.broken.has(top) || !(top in asRead.data))) continue;
        factPaths ??= showableFacts(site);
        const suggestion = closest(name, factPaths);
        const message = found === undefined ? `"{${name}}" names no fact of the site settings (content/site.yaml)` : `"{${name}}" is a group of facts, not one value a text can show`;
        const hint = suggestion ? `did you mean "{${suggestion}}"?` : 'write the path of a value in content/site.yaml, e.g. "{phone.display}" or "{turnaround.items.zirconiaCrown.days}"';
        run.report(entry, path, 'text/unknown-fact', message, hint, 'error', offsetInSource(entry.source, path, value, match[0], match.index));
      }
    },
  };
}

/** Words that say a sentence is about the lab itself, per language. */
const aboutTheLab = { en: /\b(?:we|our|us|ours)\b/i, nl: /\b(?:wij|we|ons|onze)\b/i };
/** A legal minimum ("at least 10 years" of documentation) is a rule the lab follows, not a claim about it. */
const legalMinimum = { en: /\bat least\s+$/i, nl: /\b(?:ten minste|minimaal)\s+$/i };
/** A sentence that names the law it follows states a legal term, not a figure of the lab. */
const namesTheLaw = { en: /\b(?:Act|Regulation|law|WGBO|GDPR|MDR)\b/, nl: /\b(?:[Ww]et|Verordening|WGBO|AVG|MDR|bewaarplicht)\b/ };
/** Figures about the lab, per language: years, the team and its cases, the rush service (exported for the test that holds `labFigures` to them). */
export const figurePatterns = {
  en: [
    { pattern: /\b\d+\+?\s+years?\s+of\s+experience\b/g, about: false, hint: 'write the years in content/site.yaml ("figures.experienceYears") and show them with {figures.experienceYears}' },
    { pattern: /\b\d+\+?\s+years?\b/g, about: true, hint: 'write the years in content/site.yaml ("figures.experienceYears") and show them with {figures.experienceYears}' },
    {
      pattern: /\b\d+\+?\s+(?:dental\s+)?(?:technicians|specialists|employees|staff|people|colleagues|cases|restorations|crowns|dentures|practices|dentists|clients)\b/g,
      about: true,
      hint: 'a team or a count of cases is a lab fact: write it in content/site.yaml under "figures" and show it with {figures...}',
    },
    { pattern: /\brush service\b/gi, about: false, hint: 'show the rush service with {figures.rushService}, so a lab without one removes it in one place' },
  ],
  nl: [
    { pattern: /\b\d+\+?\s+jaar\s+ervaring\b/g, about: false, hint: 'zet de jaren in content/site.yaml ("figures.experienceYears") en toon ze met {figures.experienceYears}' },
    { pattern: /\b\d+\+?\s+jaar\b/g, about: true, hint: 'zet de jaren in content/site.yaml ("figures.experienceYears") en toon ze met {figures.experienceYears}' },
    {
      pattern: /\b\d+\+?\s+(?:tandtechnici|specialisten|medewerkers|mensen|collega's|casussen|restauraties|kronen|prothesen|praktijken|tandartsen|klanten)\b/g,
      about: true,
      hint: 'een team of een aantal casussen is een feit van het lab: zet het in content/site.yaml onder "figures" en toon het met {figures...}',
    },
    { pattern: /\bspoedservice\b/gi, about: false, hint: 'toon de spoedservice met {figures.rushService}, zodat een lab zonder spoedservice haar op één plek weghaalt' },
  ],
} as const;

/**
 * Where a figure of a language may start: a number before a word, or the word of the rush service (in any
 * case). Every pattern above matches only where this does, so one pass over a text finds the places to try
 * them, instead of a pass of each pattern over every text with a digit. The word after the number is looked
 * at, not read past, so a rush service right after a number is still found.
 */
const figureStarts = { en: /\d+\+?\s+(?=[a-z])|rush service/gi, nl: /\d+\+?\s+(?=[a-z])|spoedservice/gi };
/** The patterns, each tried at one place at a time. */
const figuresAt = {
  en: figurePatterns.en.map((figure) => ({ ...figure, pattern: new RegExp(figure.pattern.source, `${figure.pattern.flags.replace('g', '')}y`) })),
  nl: figurePatterns.nl.map((figure) => ({ ...figure, pattern: new RegExp(figure.pattern.source, `${figure.pattern.flags.replace('g', '')}y`) })),
};

type Figure = { text: string; at: number; hint: string };
const noFigures: readonly Figure[] = Object.freeze([]);

/** The figures about the lab a text writes by hand, each with where it stands in the text. */
export function labFigures(value: string, lang: 'en' | 'nl'): readonly Figure[] {
  // Most texts have no number before a word and no rush service: one pass tells, and gives the places to try.
  const starts = figureStarts[lang];
  starts.lastIndex = 0;
  let match = starts.exec(value);
  if (!match) return noFigures;
  const places: number[] = [];
  for (; match; match = starts.exec(value)) places.push(match.index);
  const found: Figure[] = [];
  for (const { pattern, about, hint } of figuresAt[lang]) {
    // As a pass of the pattern over the text would: each match after the end of the one before.
    let end = 0;
    for (const place of places) {
      if (place < end) continue;
      pattern.lastIndex = place;
      const figure = pattern.exec(value);
      if (!figure) continue;
      end = place + figure[0].length;
      if (about) {
        // The sentence the figure stands in must speak of the lab ("our", "wij"), and not name a legal minimum.
        const start = Math.max(value.lastIndexOf('. ', place), value.lastIndexOf('\n', place)) + 1;
        const endAt = value.indexOf('. ', place);
        const sentence = value.slice(start, endAt === -1 ? value.length : endAt);
        if (!aboutTheLab[lang].test(sentence) || namesTheLaw[lang].test(sentence) || legalMinimum[lang].test(value.slice(start, place))) continue;
      }
      // One figure is reported once, by the first pattern that finds it ("15 years of experience", not "15 years" again).
      if (found.some((f) => f.at === place)) continue;
      found.push({ text: figure[0], at: place, hint });
    }
  }
  return found;
}

/** Every path of the site settings that names one value a text can show, for suggestions. */
function showableFacts(site: SiteSettings): string[] {
  const paths: string[] = [];
  walk(site, (value, path) => {
    if (path.length && path[0] !== 'placeholders' && path.every((p) => typeof p === 'string') && factText(value, 'en') !== undefined) paths.push(path.join('.'));
  });
  return paths;
}

/**
 * The lab's facts that are still examples: in a preview one note that lists them (and the sample
 * testimonials); for a release, an error at each fact's own place, since a release must not publish one.
 * Each download the settings name must be a file of the site.
 */
export function checkSite(run: CheckRun): void {
  const { facts, release, publicDir, diagnostics } = run;
  const site = run.model.site;
  if (!site) return;
  const fields: string[] = [];
  walk(site.data, (_v, path) => {
    if (path.length && path.every((p) => typeof p === 'string') && path[0] !== 'placeholders') fields.push(path.join('.'));
  });
  const unconfirmed: string[] = [];
  site.data.placeholders.forEach((p, i) => {
    if (!fields.includes(p)) {
      run.at(
        site,
        ['placeholders', i],
        'site/placeholder',
        `"${p}" is not a field of the site settings`,
        closest(p, fields) ? `did you mean "${closest(p, fields)}"?` : 'name a field such as "phone" or "address.street"',
        'error',
      );
    } else unconfirmed.push(p);
  });
  if (existsSync(publicDir)) {
    for (const [name, file] of Object.entries(site.data.downloads ?? {})) {
      for (const lang of ['en', 'nl'] as const) {
        if (!existsSync(join(publicDir, file[lang]))) {
          run.at(
            site,
            ['downloads', name, lang],
            'site/download-missing',
            `"${file[lang]}" is not in src/public/, so its link would lead nowhere`,
            didYouMean(file[lang], listFiles(publicDir)) || `put the file at src/public/${file[lang]}`,
          );
        }
      }
    }
  }
  const samples = facts.samples.length ? `${facts.samples.length} sample testimonial${facts.samples.length === 1 ? '' : 's'}` : '';
  if (release) {
    // Not an error: a page shows its illustration until the lab sends its photograph, but a release says which.
    for (const { entry, path, what } of facts.photoless) {
      run.at(
        entry,
        path,
        'release/no-photo',
        `no photograph of the lab's yet: ${what}`,
        "add the lab's photograph (schemas/photo.ts: alt text, credit and, for a person or a patient, consent)",
        'warning',
      );
    }
    for (const field of unconfirmed) {
      run.at(
        site,
        field.split('.'),
        'release/placeholder',
        `"${field}" is an example the lab has not confirmed, so it cannot be released`,
        `write the lab's own value here and remove "${field}" from "placeholders"`,
      );
    }
    if (samples) {
      const { line, column } = site.source.locate(['placeholders']);
      diagnostics.push({
        file: site.source.file,
        line,
        column,
        severity: 'note',
        rule: 'release/samples',
        message: `${samples} (sample: true) are left out of this release`,
        hint: 'a section without a published testimonial invites visitors to share theirs',
        path: 'placeholders',
      });
    }
    return;
  }
  if (unconfirmed.length || samples) {
    const { line, column } = site.source.locate(['placeholders']);
    diagnostics.push({
      file: site.source.file,
      line,
      column,
      severity: 'note',
      rule: 'site/placeholder',
      message: `not yet confirmed by the lab: ${[...unconfirmed, ...(samples ? [samples] : [])].join(', ')}`,
      hint: 'a preview shows these examples; replace each value and remove it from "placeholders" once the lab confirms it; a confirmed testimonial drops "sample: true"; a release build refuses placeholders and leaves samples out',
      path: 'placeholders',
    });
  }
}
