/**
 * Checks every file in content/ and writes the typed manifest to src/generated/.
 * Usage: npm run generate [-- --check] [--format=pretty|github|json|sarif] [--quiet] [--routes] [--root=DIR]
 * [--help] [--write-readme]
 * Exits 1 when any error is found, after reporting all of them. A report for a program (github, json, sarif) goes to
 * standard output whatever it holds, so `> report.sarif` keeps it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { formatReport, formats, generate, ruleHelp, ruleIds, withRuleTable, type Format } from './content/index.ts';
import { listRoutes } from './content/emit.ts';
import { writeEditorFiles } from './content/editor-schemas.ts';
import { describeFixes, diffFixes, fixFiles, writeFixes } from './content/fix.ts';

const projectRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** What `--help` prints before the rules. */
const usage = `Checks every file in content/ and writes the typed manifest to src/generated/.

usage: npm run generate [-- options]    npm run check [-- options] (the same with --check)

  --check              check only, write nothing; exits 1 on any error
  --format=FORMAT      pretty (default), github (Actions annotations), json or sarif (SARIF 2.1.0)
  --quiet              show errors only
  --routes             list every page after the check
  --root=DIR           the project whose content/ is checked (default: the current folder)
  --content-dir=DIR    the content folder (default: DIR/content)
  --out-dir=DIR        where the manifest goes (default: DIR/src/generated)
  --fix                apply the fixes the check is certain of (a glossary word, sentence case), print each, check again
  --dry-run            with --fix: show the fixes as a diff, write nothing
  --write-readme       write the table of rules in README.md anew from the registry, and stop
  --help               this text

Errors fail the check; warnings and notes do not.`;

/** Where the command writes: the report of a failed check goes to `error`, everything else to `log`. */
export interface Output {
  log: (text: string) => void;
  error: (text: string) => void;
}

/** Runs the command with its arguments; returns the exit code (0, 1 on a content error, 2 on a wrong argument). */
export function run(args: string[], output: Output = console): number {
  const { values } = parseArgs({
    args,
    options: {
      check: { type: 'boolean', default: false },
      format: { type: 'string', default: 'pretty' },
      quiet: { type: 'boolean', default: false },
      routes: { type: 'boolean', default: false },
      root: { type: 'string', default: process.cwd() },
      'content-dir': { type: 'string' },
      'out-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
      'write-readme': { type: 'boolean', default: false },
      fix: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    output.log(`${usage}\n\nThe rules (${ruleIds.length}; the README's "When something is wrong" says more):\n${ruleHelp()}`);
    return 0;
  }
  if (values['write-readme']) {
    const readme = join(projectRoot, 'README.md');
    const before = readFileSync(readme, 'utf8');
    const after = withRuleTable(before);
    if (after !== before) writeFileSync(readme, after);
    output.log(after === before ? 'README.md: the table of rules is up to date' : `README.md: wrote the table of rules (${ruleIds.length} rules)`);
    return 0;
  }
  const format = values.format as Format;
  if (!formats.includes(format)) {
    output.error(`unknown --format "${values.format}": use ${formats.slice(0, -1).join(', ')} or ${formats.at(-1)}`);
    return 2;
  }
  if (values.fix) {
    const root = resolve(values.root);
    const found = generate({ root, contentDir: values['content-dir'] ? resolve(values['content-dir']) : undefined, write: false });
    const fixed = fixFiles(found.diagnostics, root);
    if (values['dry-run']) {
      output.log(fixed.length ? diffFixes(fixed) : 'nothing to fix');
      return 0;
    }
    writeFixes(fixed, root);
    const lines = describeFixes(fixed);
    output.log(lines.length ? `fixed ${lines.length} finding${lines.length === 1 ? '' : 's'}:\n${lines.join('\n')}` : 'nothing to fix');
  }
  const result = generate({
    root: resolve(values.root),
    contentDir: values['content-dir'] ? resolve(values['content-dir']) : undefined,
    outDir: values['out-dir'] ? resolve(values['out-dir']) : undefined,
    write: !values.check,
  });
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  const shown = values.quiet ? result.diagnostics.filter((d) => d.severity === 'error') : result.diagnostics;
  // Read by a program (GitHub's runner reads its annotations on standard output): always on standard output.
  const machine = format !== 'pretty';
  if (machine || shown.length || !values.quiet) {
    const report = formatReport(shown, format, result.files);
    if (report) (errors && !machine ? output.error : output.log)(report);
  }
  if (!values.quiet && format === 'pretty' && !values.check && !errors) {
    const where = relative(process.cwd(), result.outDir) || '.';
    output.log(`wrote the manifest to ${where}/ (${result.written.length} file${result.written.length === 1 ? '' : 's'} changed)`);
  }
  // The editor's schemas come from the code, not the content: written for the project's own content only.
  if (!values.check && resolve(values.root) === projectRoot) {
    const editor = writeEditorFiles(projectRoot);
    if (editor.length && !values.quiet && format === 'pretty') output.log(`wrote the editor's content schemas: ${editor.join(', ')}`);
  }
  if (values.routes) {
    const routes = listRoutes(result.model).filter((r) => r.lang === 'en');
    output.log(`\n${routes.length} pages, each also under /nl:`);
    for (const r of routes) output.log(`  ${r.path.padEnd(64)} ${r.template}`);
  }
  return errors ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) process.exit(run(process.argv.slice(2)));
