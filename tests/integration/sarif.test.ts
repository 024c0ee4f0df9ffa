import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { load } from 'js-yaml';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { run as generateCommand } from '../../scripts/generate.ts';
import { fixtureSite, projectRoot } from '../support/fixtures.ts';

// The SARIF 2.1.0 schema as published (tests/fixtures/sarif/README.md says where it comes from).
const schema = JSON.parse(readFileSync(join(projectRoot, 'tests', 'fixtures', 'sarif', 'sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
// Its language pattern (`^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`) is valid only without the u flag, as JSON Schema's draft 4 reads it.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

const command = (args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = generateCommand(args, { log: (text) => out.push(text), error: (text) => err.push(text) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
};

interface Sarif {
  version: string;
  runs: {
    tool: { driver: { name: string; rules: { id: string; shortDescription: { text: string } }[] } };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: { startLine: number; startColumn: number } } }[];
    }[];
  }[];
}

describe('the content check in SARIF (--format=sarif)', () => {
  it('writes a report valid against the SARIF 2.1.0 schema, each finding at its file, line and column, to standard output even with errors', () => {
    const site = fixtureSite({ bad: ['missing-nl', 'link-typo', 'long-title'] });
    try {
      const { code, stdout, stderr } = command(['--check', '--format=sarif', `--root=${site.root}`]);
      expect(code).toBe(1);
      expect(stderr).toBe('');
      const report = JSON.parse(stdout) as Sarif;
      expect(validate(report), JSON.stringify(validate.errors, null, 2)).toBe(true);
      const [run] = report.runs;
      expect(report.version).toBe('2.1.0');
      expect(run!.tool.driver.name).toBe('content-check');
      const found = run!.results.map((r) => ({ rule: r.ruleId, level: r.level, ...r.locations[0]!.physicalLocation.artifactLocation, ...r.locations[0]!.physicalLocation.region }));
      expect(found).toEqual(
        expect.arrayContaining([
          { rule: 'i18n/missing-nl', level: 'error', uri: 'content/services/zirconia.yaml', uriBaseId: '%SRCROOT%', startLine: 11, startColumn: 5 },
          { rule: 'link/broken', level: 'error', uri: 'content/navigation.yaml', uriBaseId: '%SRCROOT%', startLine: 4, startColumn: 13 },
          expect.objectContaining({ rule: 'length/title', level: 'warning' }),
        ]),
      );
      // Each result names its rule by index too, and each rule says what it means, from the registry of rules.
      for (const result of run!.results) expect(run!.tool.driver.rules[result.ruleIndex]!.id).toBe(result.ruleId);
      const rule = run!.tool.driver.rules.find((r) => r.id === 'i18n/missing-nl')!;
      expect(rule.shortDescription.text).toBe('A text lacks one language, or has an empty, ~ or invisible (zero-width) one.');
      expect(run!.results.find((r) => r.ruleId === 'i18n/missing-nl')!.message.text).toBe('hero.title: the Dutch text is missing. Add "nl:" with the Dutch text next to "en:"');
    } finally {
      site.cleanup();
    }
  });

  it('is valid with no findings at all', () => {
    const site = fixtureSite();
    try {
      const { code, stdout } = command(['--check', '--format=sarif', '--quiet', `--root=${site.root}`]);
      expect(code).toBe(0);
      const report = JSON.parse(stdout) as Sarif;
      expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
      expect(report.runs[0]!.results).toEqual([]);
    } finally {
      site.cleanup();
    }
  });
});

describe('the GitHub Actions workflow', () => {
  interface Step {
    name?: string;
    run?: string;
    uses?: string;
    if?: string;
    with?: Record<string, string>;
  }
  const workflow = load(readFileSync(join(projectRoot, '.github', 'workflows', 'ci.yml'), 'utf8')) as { on: object; jobs: Record<string, { steps: Step[]; env?: Record<string, string> }> };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

  it('runs what .ci/run runs, by running it, and none of its commands beside it', () => {
    expect(steps.filter((step) => step.run === '.ci/run')).toHaveLength(1);
    const ci = readFileSync(join(projectRoot, '.ci', 'run'), 'utf8');
    expect(ci).toContain('npm test');
    expect(steps.some((step) => /npm (ci|test)\b|npm run (test|build|lint|typecheck)/.test(step.run ?? ''))).toBe(false);
  });

  it("shows the content check's findings as annotations and sends them as SARIF, whatever the tests' outcome", () => {
    const after = steps.slice(steps.findIndex((step) => step.run === '.ci/run') + 1);
    expect(after.find((step) => step.run === 'npm run check -- --format=github')?.if).toBe('${{ !cancelled() }}');
    const sarif = after.find((step) => step.run?.includes('--format=sarif'));
    expect(sarif?.run).toMatch(/^npm run --silent check -- --format=sarif > content-check\.sarif/);
    expect(after.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif@'))?.with?.sarif_file).toBe('content-check.sarif');
  });

  it("its SARIF step's command writes nothing but the report", async () => {
    const site = fixtureSite({ bad: ['missing-nl'] });
    try {
      // The same npm command as the workflow's, on a fixture site with an error (exit 1).
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'check', '--', '--format=sarif', `--root=${site.root}`], { cwd: projectRoot }).catch(
        (error: { stdout: string }) => error,
      );
      expect(validate(JSON.parse(stdout)), JSON.stringify(validate.errors)).toBe(true);
    } finally {
      site.cleanup();
    }
  });
});
