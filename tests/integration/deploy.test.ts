import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/fixtures.ts';

// deploy/dental-lab.service: systemd's own check finds nothing to say about it, and it keeps the server
// to what it needs (its own user, only the data folder writable, settings root may read).

const unitFile = join(projectRoot, 'deploy', 'dental-lab.service');
const unit = readFileSync(unitFile, 'utf8');
const haveSystemd = spawnSync('systemd-analyze', ['--version']).status === 0;

/** What `systemd-analyze verify` says about a unit with this text (nothing when all is well). */
function verify(text: string): { status: number | null; said: string } {
  const dir = mkdtempSync(join(tmpdir(), 'unit-'));
  try {
    const file = join(dir, 'dental-lab.service');
    writeFileSync(file, text);
    const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    return { status: result.status, said: `${result.stdout}${result.stderr}`.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The values of a key in the unit's [Service] section. */
const values = (key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]);

describe('deploy/dental-lab.service', () => {
  it.runIf(haveSystemd)('passes systemd-analyze verify without a word', () => {
    expect(verify(unit)).toEqual({ status: 0, said: '' });
  });

  it.runIf(haveSystemd)('is checked for real: a misspelt key or a wrong value is reported', () => {
    expect(verify(unit.replace('ProtectSystem=strict', 'ProtectSytem=strict')).said).toMatch(/Unknown key 'ProtectSytem'/);
    expect(verify(unit.replace('ProtectSystem=strict', 'ProtectSystem=very')).said).toMatch(/protect system value/);
  });

  it('runs as its own user, with only its data folder writable and its settings in a file root may read', () => {
    expect(values('User')).toEqual(['dental-lab']);
    expect(values('ProtectSystem')).toEqual(['strict']);
    expect(values('StateDirectory')).toEqual(['dental-lab']);
    expect(values('StateDirectoryMode')).toEqual(['0700']);
    expect(values('Environment')).toContain('DATA_DIR=/var/lib/dental-lab');
    // Reachable only by the proxy on this machine, which alone sets X-Forwarded-For (TRUST_PROXY=1).
    expect(values('Environment')).toContain('HOST=127.0.0.1');
    expect(values('ReadWritePaths')).toEqual([]);
    expect(values('NoNewPrivileges')).toEqual(['true']);
    expect(values('PrivateTmp')).toEqual(['true']);
    expect(values('Restart')).toEqual(['on-failure']);
    expect(values('EnvironmentFile')).toEqual(['/etc/dental-lab/env']);
  });

  it('serves the release build as it is, with a stop timeout longer than the server needs to stop', () => {
    expect(values('ExecStart')).toEqual(['/usr/bin/node --import tsx scripts/start.ts --release --no-build']);
    expect(existsSync(join(projectRoot, 'scripts', 'start.ts'))).toBe(true);
    // The server cuts what is still open after 10 s (stopServer's grace).
    expect(Number(values('TimeoutStopSec')[0])).toBeGreaterThan(10);
  });
});
