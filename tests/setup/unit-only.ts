import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

/**
 * A unit test is pure and fast: no port, no process. Opening a server (HTTP, SMTP, Fastify: all listen through
 * net.Server) or starting a process throws here, naming where such a test belongs: tests/integration/.
 */
function refused(what: string): never {
  throw new Error(`${what} in a unit test: a test that starts servers or processes belongs in tests/integration/`);
}

net.Server.prototype.listen = function listen(): never {
  refused('net.Server.listen');
};
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  Object.assign(childProcess, { [name]: () => refused(`child_process.${name}`) });
}
// The named exports (`import { spawn } from 'node:child_process'`) follow the module object.
syncBuiltinESMExports();
