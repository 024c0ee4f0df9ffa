import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

// tests/setup/unit-only.ts keeps the unit tests pure: each of these is what an integration test does.
describe('a unit test', () => {
  const elsewhere = /in a unit test: a test that starts or reaches a server, .* belongs in tests\/integration\/$/;

  it('cannot open a port', () => {
    expect(() => createServer().listen(0, '127.0.0.1')).toThrow(elsewhere);
  });

  it('cannot reach a server', () => {
    expect(() => connect(4330, '127.0.0.1')).toThrow(elsewhere);
  });

  it('cannot start a process', () => {
    expect(() => spawnSync(process.execPath, ['--version'])).toThrow(elsewhere);
  });

  it('cannot open an SQLite file or render an image', () => {
    expect(() => new Database(':memory:')).toThrow(elsewhere);
    expect(() => sharp()).toThrow(elsewhere);
  });
});
