/**
 * Checks every file in content/ and writes the typed manifest to src/generated/.
 * Usage: npm run generate [-- --check] [--format=pretty|github|json] [--quiet] [--routes] [--root=DIR]
 * Exits 1 when any error is found, after reporting all of them.
 */
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatReport, generate, type Format } from './content/index.ts';
import { listRoutes } from './content/emit.ts';

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    format: { type: 'string', default: 'pretty' },
    quiet: { type: 'boolean', default: false },
    routes: { type: 'boolean', default: false },
    root: { type: 'string', default: process.cwd() },
    'content-dir': { type: 'string' },
    'out-dir': { type: 'string' },
  },
});

const format = values.format as Format;
if (!['pretty', 'github', 'json'].includes(format)) {
  console.error(`unknown --format "${values.format}": use pretty, github or json`);
  process.exit(2);
}

const root = resolve(values.root);
const result = generate({
  root,
  contentDir: values['content-dir'] ? resolve(values['content-dir']) : undefined,
  outDir: values['out-dir'] ? resolve(values['out-dir']) : undefined,
  write: !values.check,
});
const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
const shown = values.quiet ? result.diagnostics.filter((d) => d.severity === 'error') : result.diagnostics;
if (format === 'json' || shown.length || !values.quiet) {
  const report = formatReport(shown, format, result.files);
  if (report) (errors ? console.error : console.log)(report);
}
if (!values.quiet && format === 'pretty' && !values.check && !errors) {
  const where = relative(process.cwd(), result.outDir) || '.';
  console.log(`wrote the manifest to ${where}/ (${result.written.length} file${result.written.length === 1 ? '' : 's'} changed)`);
}
if (values.routes) {
  const routes = listRoutes(result.model).filter((r) => r.lang === 'en');
  console.log(`\n${routes.length} pages, each also under /nl:`);
  for (const r of routes) console.log(`  ${r.path.padEnd(64)} ${r.template}`);
}
process.exit(errors ? 1 : 0);
