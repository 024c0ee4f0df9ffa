/**
 * Runs the site in production mode: builds first when dist/ is missing or older than any source
 * file, then serves it and the forms API on PORT (default 3000). The API's settings come from the
 * environment (DATA_DIR, SMTP_URL, MAIL_FROM, LAB_EMAIL, FORM_RATE_LIMIT, FORM_MIN_FILL_MS, TRUST_PROXY).
 * Usage: npm start   (PORT=8080 DATA_DIR=/var/lib/lab npm start)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startServer, stopServer } from '../src/server/server.ts';
import { readApiSettings } from '../src/server/settings.ts';

const root = process.cwd();
const stamp = join(root, 'dist', 'site.json');

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

if (!existsSync(stamp) || statSync(stamp).mtimeMs < newestSource()) {
  console.log(existsSync(stamp) ? 'sources changed since the last build: building' : 'no build yet: building');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', 'build.ts')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = 'production';
const port = Number(process.env.PORT ?? 3000);
const settings = readApiSettings();
const shown = (path: string) => (path.startsWith(root) ? relative(root, path) || '.' : path);
console.log(`data: submissions and uploads in ${shown(settings.dataDir)} (set DATA_DIR to move them)`);
if (settings.smtpUrl) {
  // Only where to: the URL may hold a password.
  const url = new URL(settings.smtpUrl);
  console.log(`mail: sending over SMTP via ${url.protocol}//${url.host}`);
} else {
  console.log(`mail: writing .eml files to ${shown(join(settings.dataDir, 'mail'))} (set SMTP_URL to send)`);
}
const server = await startServer({ distDir: join(root, 'dist'), port, ...settings });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  stopServer(server).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
