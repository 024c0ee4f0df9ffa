import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { releaseSettings, shownSmtpUrl } from '../../scripts/release-check.ts';
import { fixtureSite, projectRoot } from '../support/fixtures.ts';

// npm run release:check: before a release, every fact still an example at its file:line:col and every
// setting the server needs, with its value or "not set", the SMTP password never shown.

const tsx = join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const script = join(projectRoot, 'scripts', 'release-check.ts');

/** Runs the command in `cwd` with only the given server settings in its environment. */
function run(cwd: string, settings: Record<string, string> = {}, args: string[] = []) {
  const { LAB_EMAIL: _a, SMTP_URL: _b, TRUST_PROXY: _c, ...env } = process.env;
  return spawnSync(process.execPath, [tsx, script, ...args], { cwd, env: { ...env, ...settings }, encoding: 'utf8' });
}

describe('npm run release:check', () => {
  const sites: { cleanup: () => void }[] = [];
  afterAll(() => sites.forEach((site) => site.cleanup()));

  it("lists today's placeholders at their places and each missing setting, and fails", () => {
    const result = run(projectRoot);
    expect(result.status).toBe(1);
    const placeholders = (readFileSync(join(projectRoot, 'content', 'site.yaml'), 'utf8').match(/^placeholders:\n((?: {2}- .+\n)+)/m)?.[1] ?? '').match(/- (.+)/g) ?? [];
    for (const field of placeholders.map((line) => line.slice(2))) expect(result.stdout).toMatch(new RegExp(`^content/site\\.yaml:\\d+:\\d+ error release/placeholder ${field}: `, 'm'));
    expect(result.stdout).toMatch(/^ {2}LAB_EMAIL {4}not set \(the site's email, .+, is used\)$/m);
    expect(result.stdout).toMatch(/^ {2}SMTP_URL {5}not set$/m);
    expect(result.stdout).toMatch(/^ {2}site URL {5}https:\/\/\S+ \(url in content\/site\.yaml\)$/m);
    expect(result.stdout).toMatch(/still missing before a release: \d+ facts and 4 settings$/m);
  }, 120_000);

  it("shows each setting from the service's file, the SMTP password as stars, and passes once nothing is missing", () => {
    const site = fixtureSite();
    sites.push(site);
    const file = join(site.root, 'content', 'site.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('url: https://www.example.nl', 'url: https://www.tandlab-utrecht.nl').replace('email: info@example.nl', 'email: info@tandlab-utrecht.nl'));
    const envFile = join(site.root, 'env');
    writeFileSync(envFile, 'LAB_EMAIL=orders@tandlab-utrecht.nl\nSMTP_URL="smtps://website:Geheim-Wachtwoord-42@smtp.provider.nl:465"\nTRUST_PROXY=1\n');
    const result = run(site.root, {}, ['--env-file', envFile]);
    expect(result.stdout).toContain('Facts a release refuses (npm run build -- --release): none');
    expect(result.stdout).toMatch(/^ {2}LAB_EMAIL {4}orders@tandlab-utrecht\.nl$/m);
    expect(result.stdout).toMatch(/^ {2}SMTP_URL {5}smtps:\/\/website:\*\*\*@smtp\.provider\.nl:465$/m);
    expect(result.stdout).not.toContain('Geheim-Wachtwoord-42');
    expect(result.stdout).toMatch(/nothing missing: ready to build and serve a release$/m);
    expect(result.status).toBe(0);
    // The same file without SMTP_URL: one setting missing.
    writeFileSync(envFile, 'LAB_EMAIL=orders@tandlab-utrecht.nl\nTRUST_PROXY=1\n');
    const without = run(site.root, {}, ['--env-file', envFile]);
    expect(without.status).toBe(1);
    expect(without.stdout).toMatch(/still missing before a release: 0 facts and 1 setting$/m);
  }, 120_000);

  it('never shows an SMTP password, whatever it is', () => {
    const password = fc.string({ minLength: 6, maxLength: 40 }).filter((p) => /[A-Za-z0-9]{6}/.test(p));
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,12}$/), password, (user, secret) => {
        const url = `smtps://${user}:${encodeURIComponent(secret)}@smtp.provider.nl:465`;
        const shown = shownSmtpUrl(url);
        const states = releaseSettings({ SMTP_URL: url, LAB_EMAIL: 'orders@tandlab.nl', TRUST_PROXY: '1' }, { email: 'info@tandlab.nl', url: 'https://www.tandlab.nl' });
        const printed = `${shown}\n${states.map((state) => `${state.value} ${state.problem ?? ''}`).join('\n')}`;
        return !printed.includes(secret) && !printed.includes(encodeURIComponent(secret)) && shown === `smtps://${user}:***@smtp.provider.nl:465`;
      }),
      { seed: 26, numRuns: 300 },
    );
  });
});
