/**
 * Debian's real Caddy with one of the shipped Caddyfiles (deploy/), changed only where a machine without the
 * lab's domain must differ: its internal CA for Let's Encrypt (its root installed nowhere), high ports on
 * 127.0.0.1 and an admin endpoint of its own, its data and config folders in a temporary folder. The proxy
 * and static-host tests run it, and `npm run bench:api -- --proxy`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** The Caddy to run (Debian: apt-get install caddy); CADDY_PATH points elsewhere. */
export const caddyPath = process.env.CADDY_PATH ?? '/usr/bin/caddy';

/** The host names the site is given here (clients send them to 127.0.0.1). */
export const siteHost = 'lab.localhost';
export const twinHost = `www.${siteHost}`;

export interface CaddyPorts {
  http: number;
  https: number;
  admin: number;
}

export interface RunningCaddy {
  ports: CaddyPorts;
  /** Its process id (for its CPU time). */
  pid: number;
  /** https://lab.localhost:<https port> */
  origin: string;
  /** The internal CA's root and intermediate certificates, PEM. */
  ca: string[];
  /** The base64 SHA-256 of the CA certificates' public keys, for Chromium's --ignore-certificate-errors-spki-list. */
  spki: string[];
  /** The Caddyfile it runs, as the test made it from the shipped one. */
  caddyfile: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The shipped Caddyfile with only a local machine's changes: global options for the internal CA (its root
 * not installed anywhere), the ports and the admin endpoint, added to its global block; `transform` may
 * change more (a test that shows what a line is for).
 */
export function localCaddyfile(name: string, ports: CaddyPorts, transform: (text: string) => string = (text) => text): string {
  const shipped = readFileSync(join(projectRoot, 'deploy', name), 'utf8');
  const options = ['local_certs', 'skip_install_trust', `http_port ${ports.http}`, `admin 127.0.0.1:${ports.admin}`, 'default_bind 127.0.0.1'];
  if (!/^\{$/m.test(shipped)) throw new Error(`deploy/${name} has no global options block`);
  return transform(shipped.replace(/^\{$/m, `{\n${options.map((option) => `\t${option}`).join('\n')}`));
}

/** Resolves once `probe` does, trying again every 100 ms (a condition, not a time) until `timeoutMs`. */
async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number, failed: () => string | undefined): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const problem = failed();
    if (problem) throw new Error(problem);
    if (await probe().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`Caddy: ${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts Caddy with `deploy/<name>` made a local one (localCaddyfile) and `env` for its {$NAMES}, and waits for
 * its admin endpoint and for HTTPS with a certificate of its CA on the site's host.
 */
export async function startLocalCaddy(name: string, ports: CaddyPorts, env: Record<string, string>, transform?: (text: string) => string): Promise<RunningCaddy> {
  if (!existsSync(caddyPath)) throw new Error(`No Caddy at ${caddyPath}. Install it (Debian: apt-get install caddy) or set CADDY_PATH.`);
  const home = mkdtempSync(join(tmpdir(), 'caddy-'));
  const file = join(home, 'Caddyfile');
  const caddyfile = localCaddyfile(name, ports, transform);
  writeFileSync(file, caddyfile);
  const environment = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CONFIG_HOME: join(home, 'config'),
    SITE_DOMAIN: `${siteHost}:${ports.https}`,
    SITE_TWIN: `${twinHost}:${ports.https}`,
    ACME_EMAIL: 'webmaster@fixture-lab.nl',
    ...env,
  };
  const child: ChildProcess = spawn(caddyPath, ['run', '--config', file, '--adapter', 'caddyfile'], { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  let exited: string | undefined;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `Caddy exited (${code ?? signal}):\n${text}`;
      resolve();
    }),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await gone;
    rmSync(home, { recursive: true, force: true });
  };
  try {
    await until(
      'the admin endpoint answering',
      () => get(`http://127.0.0.1:${ports.admin}/config/`).then((status) => status === 200),
      20_000,
      () => exited,
    );
    const authority = join(home, 'data', 'caddy', 'pki', 'authorities', 'local');
    await until(
      'its CA written',
      () => Promise.resolve(existsSync(join(authority, 'intermediate.crt'))),
      20_000,
      () => exited,
    );
    const ca = ['root.crt', 'intermediate.crt'].map((name) => readFileSync(join(authority, name), 'utf8'));
    await until(
      'HTTPS answering with its certificate',
      () => httpsGet(ports.https, siteHost, '/', ca),
      30_000,
      () => exited,
    );
    const spki = ca.map((pem) =>
      createHash('sha256')
        .update(
          new X509Certificate(pem).publicKey.export({
            type: 'spki',
            format: 'der',
          }),
        )
        .digest('base64'),
    );
    return {
      ports,
      pid: child.pid!,
      origin: `https://${siteHost}:${ports.https}`,
      ca,
      spki,
      caddyfile,
      output: () => text,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

function httpsGet(port: number, host: string, path: string, ca: string[]): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        servername: host,
        path,
        ca,
        agent: false,
        headers: { host: `${host}:${port}` },
      },
      (res) => {
        res.resume();
        resolve(true);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Whether Caddy is here to run. */
export const haveCaddy = (): boolean => existsSync(caddyPath) && spawnSync(caddyPath, ['version']).status === 0;
