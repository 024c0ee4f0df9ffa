/** The content pipeline: check `content/` and emit the typed manifest. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkContent, type CheckOptions, type CheckResult } from './check.ts';
import { emitManifest } from './emit.ts';

export { checkContent, type CheckResult } from './check.ts';
export { formatReport, formatPretty, formats, summary, type Diagnostic, type Format } from './diagnostics.ts';
export { registry, ruleHelp, ruleIds, withRuleTable, type RuleId } from './rules/registry.ts';

/** Checks the content and, when it has no errors, writes the manifest. */
export function generate(options: CheckOptions & { outDir?: string; write?: boolean }): CheckResult & { written: string[]; outDir: string } {
  const outDir = options.outDir ?? join(options.root, 'src', 'generated');
  // Writing the manifest needs every file's data; a check alone does not.
  const result = checkContent({ ...options, retain: options.write !== false });
  const failed = result.diagnostics.some((d) => d.severity === 'error');
  if (failed || options.write === false) return { ...result, written: [], outDir };
  const { written } = emitManifest(result.model, {
    outDir,
    imagesDir: options.imagesDir ?? join(options.root, 'src', 'assets', 'images'),
    // The types live in this project even when the content comes from elsewhere (a test fixture).
    typesFile: fileURLToPath(new URL('../../src/shared/content-types.ts', import.meta.url)),
    release: options.release,
  });
  return { ...result, written, outDir };
}
