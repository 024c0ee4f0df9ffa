/**
 * What is still missing before a release: every fact of content/ a release refuses (the release gate of the
 * content check, each at its file:line:col) and every setting the server needs to serve a release, with its
 * value or "not set" (an SMTP password is never shown). Exits 1 while anything is missing, 0 when nothing is.
 * Usage: npm run release:check [-- --env-file /etc/dental-lab/env]   (the service's settings file; root may read it)
 */
import { readFileSync } from 'node:fs';
import { parseArgs, parseEnv } from 'node:util';
import { checkContent } from './content/check.ts';
import { formatReport } from './content/diagnostics.ts';
import { isPlaceholderAddress } from '../src/server/server.ts';
import { readApiSettings } from '../src/server/settings.ts';

/** One setting's line: its name, what it is now, and what is wrong with it (undefined when nothing is). */
export interface SettingState {
  name: string;
  value: string;
  problem?: string;
}

/** An SMTP address as it may be shown: its password replaced by stars. */
export function shownSmtpUrl(smtpUrl: string): string {
  const url = URL.parse(smtpUrl);
  if (!url) return '(not an address)';
  if (url.password) url.password = '***';
  return url.toString().replace(/\/$/, '');
}

/** The state of the settings a release needs, read from `env` the way the server reads them. */
export function releaseSettings(env: NodeJS.ProcessEnv, site: { email?: string; url?: string }): SettingState[] {
  const states: SettingState[] = [];
  let settings: ReturnType<typeof readApiSettings> | undefined;
  let invalid: string | undefined;
  try {
    settings = readApiSettings(env);
  } catch (error) {
    invalid = (error as Error).message;
  }
  const given = (name: string) => (env[name]?.trim() ? env[name].trim() : undefined);

  const labEmail = given('LAB_EMAIL');
  const labAddress = labEmail ?? site.email ?? '';
  states.push({
    name: 'LAB_EMAIL',
    value: labEmail ?? `not set (the site's email, ${site.email ?? 'none'}, is used)`,
    problem: invalid?.includes('LAB_EMAIL')
      ? invalid
      : isPlaceholderAddress(labAddress)
        ? `${labAddress} is an example address: the server refuses to start a release with it; set LAB_EMAIL to the address the lab reads`
        : undefined,
  });

  const smtpUrl = given('SMTP_URL');
  states.push({
    name: 'SMTP_URL',
    value: smtpUrl ? shownSmtpUrl(smtpUrl) : 'not set',
    problem: invalid?.includes('SMTP_URL')
      ? 'SMTP_URL must be an smtp:// or smtps:// address'
      : smtpUrl
        ? undefined
        : "without it no mail is sent: each is only written as an .eml file in the data folder; set it to the lab's mail server, e.g. smtps://user:password@smtp.provider.nl:465",
  });

  const url = site.url ?? '';
  const host = URL.parse(url)?.hostname ?? '';
  states.push({
    name: 'site URL',
    value: url ? `${url} (url in content/site.yaml)` : 'not set (url in content/site.yaml)',
    problem: !url.startsWith('https://')
      ? "the site's address must be its https:// address on the lab's domain"
      : isPlaceholderAddress(`x@${host}`)
        ? `${host} is an example domain: write the lab's own address in content/site.yaml`
        : undefined,
  });

  states.push({
    name: 'TRUST_PROXY',
    value: given('TRUST_PROXY') ?? 'not set',
    problem: settings?.trustProxy
      ? undefined
      : invalid?.includes('TRUST_PROXY')
        ? invalid
        : 'behind Caddy (deploy/Caddyfile) set TRUST_PROXY=1, or every visitor counts as the proxy for the rate limit and no page is marked HTTPS',
  });

  // Any other setting the server would refuse to start with.
  if (invalid && !states.some((state) => state.problem === invalid)) states.push({ name: 'other settings', value: 'invalid', problem: invalid });
  return states;
}

function main(): void {
  const { values } = parseArgs({ options: { 'env-file': { type: 'string' } } });
  const root = process.cwd();
  let env: NodeJS.ProcessEnv = process.env;
  if (values['env-file']) {
    let text: string;
    try {
      text = readFileSync(values['env-file'], 'utf8');
    } catch (error) {
      console.error(`cannot read ${values['env-file']}: ${(error as Error).message} (it is root's alone: run this with sudo)`);
      process.exit(2);
    }
    env = { ...process.env, ...parseEnv(text) };
  }

  const checked = checkContent({ root, release: true });
  const refused = checked.diagnostics.filter((d) => d.severity === 'error');
  const site = checked.model.site?.data;
  const settings = releaseSettings(env, { email: site?.email, url: site?.url });
  const wrong = settings.filter((setting) => setting.problem);

  console.log(`Facts a release refuses (npm run build -- --release):${refused.length === 0 ? ' none' : ''}`);
  if (refused.length > 0) console.log(formatReport(refused, 'pretty', checked.files));
  console.log(`\nSettings of the server (${values['env-file'] ? `${values['env-file']} and the environment` : 'the environment'}):`);
  const width = Math.max(...settings.map((setting) => setting.name.length));
  for (const setting of settings) {
    console.log(`  ${setting.name.padEnd(width)}  ${setting.value}`);
    if (setting.problem) console.log(`  ${' '.repeat(width)}  missing: ${setting.problem}`);
  }
  const missing = refused.length + wrong.length;
  console.log(
    missing === 0
      ? '\nnothing missing: ready to build and serve a release'
      : `\nstill missing before a release: ${refused.length} fact${refused.length === 1 ? '' : 's'} and ${wrong.length} setting${wrong.length === 1 ? '' : 's'}`,
  );
  process.exit(missing === 0 ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
