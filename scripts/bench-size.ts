/**
 * Prints the first-load JavaScript and CSS (gzipped) of one page of every kind in both languages,
 * against the budget of 110 KB of JavaScript and 20 KB of CSS. Builds first when dist/ is missing.
 * Usage: npm run bench:size
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { budget, kb, measureKinds, overBudget, weightTable } from './page-weight.ts';

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
console.log(`\n  heaviest JavaScript: ${largest('js').path} ${kb(largest('js').js)}; heaviest CSS: ${largest('css').path} ${kb(largest('css').css)}`);
const over = overBudget(weights);
console.log(over.length ? `\n  OVER BUDGET:\n  ${over.join('\n  ')}` : '  every page is within budget');
process.exitCode = over.length ? 1 : 0;
