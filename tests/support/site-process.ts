// The production server as the service runs it (deploy/dental-lab.service's command line: node --import tsx
// scripts/start.ts --no-build), in a process of its own that a test can send SIGTERM, over a build and a
// temporary data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from './fixtures.ts';

export interface SiteProcess {
  child: ChildProcess;
  port: number;
  dataDir: string;
  /** Everything it wrote on standard output and error so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once it has exited. */
  exited: Promise<number | string>;
  /** Sends SIGTERM and waits for the exit; resolves with the exit code. */
  stop(): Promise<number | string>;
}

/** Starts scripts/start.ts on `port` over `dist` and waits for its "listening on" line; `dataDir` reuses a folder (a restart). */
export async function startSiteProcess(options: { dist: string; port: number; release?: boolean; dataDir?: string; env?: Record<string, string> }): Promise<SiteProcess> {
  const dataDir = options.dataDir ?? join(mkdtempSync(join(tmpdir(), 'site-process-')), 'data');
  const { NODE_ENV: _test, VITEST: _vitest, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build', `--dist=${options.dist}`, ...(options.release ? ['--release'] : [])], {
    cwd: projectRoot,
    env: {
      ...env,
      PORT: String(options.port),
      DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  await new Promise<void>((resolve, reject) => {
    const look = () => {
      if (!/"msg":"listening on /.test(text)) return;
      child.stdout.off('data', look);
      resolve();
    };
    child.stdout.on('data', look);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it listened:\n${text}`)));
  });
  return {
    child,
    port: options.port,
    dataDir,
    output: () => text,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Removes a data folder startSiteProcess made (its temporary parent with it). */
export function removeDataDir(dataDir: string): void {
  rmSync(join(dataDir, '..'), { recursive: true, force: true });
}
