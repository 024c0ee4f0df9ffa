/**
 * Runs the site in production mode: builds first when dist/ is missing or older than any source
 * file, then serves it and the forms API on PORT (default 3000). The API's settings come from the
 * environment (DATA_DIR, SMTP_URL, MAIL_FROM, LAB_EMAIL, FORM_RATE_LIMIT, FORM_MIN_FILL_MS, TRUST_PROXY).
 * With --release it builds for release and serves only a release build, refusing to start while the
 * lab's e-mail address is an example (a deployment runs this); without it, a preview. With --no-build it
 * never builds (the service runs it so, its folder read-only): it serves the build there, or refuses to start.
 * Usage: npm start [-- --release] [--no-build] [--dist=DIR]   (PORT=8080 DATA_DIR=/var/lib/lab npm start)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { StartError, startServer, stopServer } from '../src/server/server.ts';
import { createLogger } from '../src/server/log.ts';
import { readApiSettings, type ApiSettings } from '../src/server/settings.ts';

const root = process.cwd();

/** The newest modification time among the files the build reads. */
function newestSource(): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'generated' && name !== 'node_modules') visit(join(path, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of ['content', 'src', 'schemas', 'scripts', 'package.json', 'package-lock.json', 'vite.config.ts']) visit(join(root, path));
  return newest;
}

const { values: args } = parseArgs({ options: { release: { type: 'boolean', default: false }, 'no-build': { type: 'boolean', default: false }, dist: { type: 'string' } } });
const release = args.release;
const distDir = resolve(root, args.dist ?? 'dist');
const stamp = join(distDir, 'site.json');

/** Whether the build there was made for release; undefined when there is none. */
function builtForRelease(): boolean | undefined {
  try {
    return (JSON.parse(readFileSync(stamp, 'utf8')) as { release?: boolean }).release === true;
  } catch {
    return undefined;
  }
}

const built = builtForRelease();
if (args['no-build']) {
  if (built === undefined || built !== release) {
    const wanted = release ? 'npm run build -- --release' : 'npm run build';
    console.error(`cannot start: ${built === undefined ? `there is no build in ${distDir}` : `the build in ${distDir} is ${built ? 'a release' : 'a preview'}`}; run ${wanted} first`);
    process.exit(1);
  }
} else if (args.dist !== undefined) {
  console.error('cannot start: --dist serves a build made elsewhere; add --no-build');
  process.exit(1);
} else if (built === undefined || built !== release || statSync(stamp).mtimeMs < newestSource()) {
  console.log(
    built === undefined
      ? 'no build yet: building'
      : built !== release
        ? `the build is ${built ? 'a release' : 'a preview'}: building ${release ? 'for release' : 'a preview'}`
        : 'sources changed since the last build: building',
  );
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', 'build.ts'), ...(release ? ['--release'] : [])], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = 'production';
const logger = createLogger();
let settings: ApiSettings;
try {
  settings = readApiSettings();
} catch (error) {
  // One line that says which setting and why, not a stack trace.
  console.error(`cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const shown = (path: string) => (path.startsWith(root) ? relative(root, path) || '.' : path);
logger.info({ dataDir: shown(settings.dataDir) }, 'submissions and uploads are kept in the data folder (DATA_DIR)');
if (settings.smtpUrl) {
  // Only where to: the URL may hold a password.
  const url = new URL(settings.smtpUrl);
  logger.info({ smtp: `${url.protocol}//${url.host}` }, 'mail goes out over SMTP');
} else {
  logger.info({ folder: shown(join(settings.dataDir, 'mail')) }, 'mail is written as .eml files (set SMTP_URL to send)');
}
const server = await startServer({ distDir, ...settings, logger, release }).catch((error: unknown) => {
  // Something the person starting the server must fix: one line that says what, not a stack trace.
  if (!(error instanceof StartError)) throw error;
  console.error(`cannot start: ${error.message}`);
  process.exit(1);
});
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  // What the journal shows of a restart: when it began, and that nothing was left behind.
  logger.info({ signal }, 'stopping: finishing the requests in flight, refusing new submissions');
  stopServer(server).then(
    () => {
      logger.info('stopped');
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
