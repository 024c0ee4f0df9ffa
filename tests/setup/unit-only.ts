import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { vi } from 'vitest';

/**
 * A unit test is pure and fast: no port, no process, no database file, no image render. Opening a server
 * (HTTP, SMTP, Fastify: all listen through net.Server), connecting to one (fetch, http.request, an SMTP
 * client) or starting a process throws here, naming where such a test belongs: tests/integration/.
 */
function refused(what: string): never {
  throw new Error(`${what} in a unit test: a test that starts or reaches a server, starts a process, opens an SQLite file or renders an image belongs in tests/integration/`);
}

net.Server.prototype.listen = function listen(): never {
  refused('net.Server.listen');
};
net.Socket.prototype.connect = function connect(): never {
  refused('net.Socket.connect (a connection to a server)');
};
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  Object.assign(childProcess, { [name]: () => refused(`child_process.${name}`) });
}
// The named exports (`import { spawn } from 'node:child_process'`) follow the module object.
syncBuiltinESMExports();

// Nor a database file or an image render: the packages that do them refuse when used (importing a module that
// names them is fine). A test of the store, the desk or the images belongs in tests/integration/ too.
vi.mock('better-sqlite3', () => ({
  default: class Database {
    constructor() {
      refused('better-sqlite3 (an SQLite file)');
    }
  },
}));
vi.mock('sharp', () => ({ default: () => refused('sharp (an image render)') }));
vi.mock('satori', () => ({ default: () => refused('satori (an image render)') }));
vi.mock('@resvg/resvg-js', () => ({
  Resvg: class Resvg {
    constructor() {
      refused('@resvg/resvg-js (an image render)');
    }
  },
}));
