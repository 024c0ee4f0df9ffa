/**
 * Prints the first-load JavaScript and CSS (gzipped) of one page of every kind in both languages,
 * against the budget of 110 KB of JavaScript (with each page's margin to it) and 20 KB of CSS, and what of it
 * the libraries every page carries weigh. Builds first when dist/ is missing.
 * Usage: npm run bench:size
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { budget, gzippedSize, kb, measureKinds, overBudget, weightTable } from './page-weight.ts';

const dist = join(process.cwd(), 'dist');
if (!existsSync(join(dist, 'site.json'))) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const weights = measureKinds(dist);
console.log(`first-load weight per page, gzipped (budget: ${kb(budget.js)} of JavaScript files, ${kb(budget.css)} of CSS;`);
console.log('"data in HTML" is the page\'s content serialised into its HTML for hydration, shown for reference)\n');
console.log(weightTable(weights));
const largest = (key: 'js' | 'css') => weights.reduce((a, b) => (b[key] > a[key] ? b : a));
// What every page carries before any of the site's own code: React with ReactDOM, and the router's chunk.
const library = (chunk: string) => {
  const file = weights[0]?.files.find((f) => new RegExp(`/${chunk}-[\\w-]+\\.js$`).test(f));
  return file ? gzippedSize(join(dist, 'client'), file) : 0;
};
console.log(`\n  on every page: React and ReactDOM ${kb(library('react'))}, the router (TanStack Router and the interface strings' hook) ${kb(library('router'))}`);
console.log(`\n  heaviest JavaScript: ${largest('js').path} ${kb(largest('js').js)}; heaviest CSS: ${largest('css').path} ${kb(largest('css').css)}`);
const over = overBudget(weights);
console.log(over.length ? `\n  OVER BUDGET:\n  ${over.join('\n  ')}` : '  every page is within budget');
process.exitCode = over.length ? 1 : 0;
