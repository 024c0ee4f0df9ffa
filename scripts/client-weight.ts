/**
 * The first-load JavaScript of every kind of page, from the client bundle alone: checks a content folder,
 * writes its manifest, bundles the app for the browser and weighs, for each template, the scripts a first
 * visit fetches (the page's script and its app's files with what they import, gzipped: what bench:size
 * counts for a built page). Prints a JSON object of template -> bytes. Cheaper than a full build, as
 * honest: the pages name exactly these files.
 * Usage: tsx scripts/client-weight.ts --content-root=DIR --out=DIR
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { siteConfig } from '../vite.config.ts';
import { buildClient, clientFiles, firstLoadScripts } from './client-files.ts';
import { formatReport, generate } from './content/index.ts';
import { scriptsWeight } from './page-weight.ts';

const { values } = parseArgs({ options: { 'content-root': { type: 'string' }, out: { type: 'string' } } });
if (!values['content-root'] || !values.out) {
  console.error('usage: tsx scripts/client-weight.ts --content-root=DIR --out=DIR');
  process.exit(2);
}
const contentRoot = resolve(values['content-root']);
const out = resolve(values.out);
const manifestDir = join(out, 'generated');
const checked = generate({ root: contentRoot, outDir: manifestDir, release: false });
if (checked.diagnostics.some((d) => d.severity === 'error')) {
  console.error(
    formatReport(
      checked.diagnostics.filter((d) => d.severity === 'error'),
      'pretty',
      checked.files,
    ),
  );
  process.exit(1);
}
const client = join(out, 'client');
await buildClient(siteConfig({ contentChecked: true, contentRoot, outDir: manifestDir }), client);
const files = clientFiles(client);
const templates = Object.keys(files.app).filter((t) => t !== 'shell');
console.log(JSON.stringify(Object.fromEntries(templates.map((t) => [t, scriptsWeight(client, firstLoadScripts(files, t))]))));
