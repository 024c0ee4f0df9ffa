/** Rules of the lab's facts (content/site.yaml) and of the texts that show them, and what a release refuses. */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'text/unknown-fact': {
    severity: 'error',
    description: 'A text shows a fact by its path in braces (`{turnaround.items.zirconiaCrown.days}`, `{phone.display}`) that names no single value of `content/site.yaml`.',
  },
  'text/lab-figure': {
    severity: 'error',
    description: 'A figure about the lab is written into a text by hand (decision 30): years of experience ("over 15 years"), a team or a count of cases in a sentence about the lab, or the rush service. Write it under `figures` in `content/site.yaml` and show it with `{figures.experienceYears}` or `{figures.rushService}`, so it changes in one place and a release refuses it while it is an example. A legal term ("at least 10 years", a sentence naming the law) is not a figure of the lab.',
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
    description: 'A release build: a page still shows its illustration where the lab\'s photograph belongs (a hero without `photo`, the about page without its team\'s portraits). The build goes on and lists them.',
  },
});
