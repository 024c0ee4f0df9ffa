/**
 * Runs the site in production mode: builds first when dist/ is missing or older than any source
 * file, then serves it on PORT (default 3000).
 * Usage: npm start   (PORT=8080 npm start)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../src/server/server.ts';

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
const server = await startServer({ distDir: join(root, 'dist'), port });
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
