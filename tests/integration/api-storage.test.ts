import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { StartError, storeHealth } from '../../src/server/server.ts';
import { openStore, type SubmissionInput } from '../../src/server/store.ts';
import { contact, filesIn, incomingUploads, orderFields, postJson, send, startApiServer, startApiWithStore, storedSubmissions, type ApiServer } from '../support/api.ts';
import { waitFor } from '../support/smtp.ts';
import { multipart, postOrder, uploadFixture } from '../support/uploads.ts';

// What the server writes under DATA_DIR, and how it behaves when that folder or its disk fails.

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function scratch(): string {
  const root = mkdtempSync(join(tmpdir(), 'api-storage-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

async function api(options: Parameters<typeof startApiServer>[0]): Promise<ApiServer> {
  const server = await startApiServer(options);
  cleanups.push(() => server.stop());
  return server;
}

/** Every file and folder under `dir` with its permission bits. */
function modes(dir: string, prefix = ''): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const name = `${prefix}${entry.name}${entry.isDirectory() ? '/' : ''}`;
    found[name] = (statSync(path).mode & 0o777).toString(8);
    if (entry.isDirectory()) Object.assign(found, modes(path, name));
  }
  return found;
}

describe('files only the server can read', () => {
  it('writes the database, its journal files, uploads and mails 0600 in folders of 0700, whatever the umask', async () => {
    const dataDir = join(scratch(), 'data');
    const previous = process.umask(0o000);
    try {
      const server = await api({ dataDir });
      expect((await postJson(server.port, '/api/contact', contact())).status).toBe(200);
      expect((await postOrder(server.port, orderFields(), [{ bytes: uploadFixture('pixel.png'), filename: 'photo.png' }])).status).toBe(200);
      await waitFor(() => readdirSync(join(dataDir, 'mail'), { withFileTypes: true }).length >= 2, 'the mails written');
    } finally {
      process.umask(previous);
    }
    const found = modes(dataDir);
    expect(Object.keys(found)).toEqual(expect.arrayContaining(['submissions.db', 'submissions.db-wal', 'submissions.db-shm', 'uploads/', 'mail/']));
    for (const [name, mode] of Object.entries(found)) expect(mode, name).toBe(name.endsWith('/') ? '700' : '600');
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('closes up a database an earlier version left readable to others', async () => {
    const dataDir = join(scratch(), 'data');
    await (await api({ dataDir })).stop();
    chmodSync(join(dataDir, 'submissions.db'), 0o644);
    await api({ dataDir });
    expect(statSync(join(dataDir, 'submissions.db')).mode & 0o777).toBe(0o600);
  });

  it('warns once at start when other users can open the data folder', async () => {
    const dataDir = join(scratch(), 'open');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const server = await api({ dataDir });
    expect(server.logs.filter((line) => line.level === 40).map((line) => [line.msg, line.mode])).toEqual([['other users of this machine can open the data folder: make it 0700 (chmod 700)', '0755']]);
    const closed = join(scratch(), 'closed');
    expect((await api({ dataDir: closed })).logs.filter((line) => line.level === 40)).toEqual([]);
  });
});

/** Opens a raw connection, writes `head`, and resolves with what the server sent before it closed the connection. */
function rawRequest(port: number, head: string, trickle?: { every: number; byte: string }): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    const timer = trickle ? setInterval(() => socket.writable && socket.write(trickle.byte), trickle.every) : undefined;
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    setTimeout(() => reject(new Error('the server kept the connection open')), 30_000).unref();
  });
}

describe('timeouts that are chosen', () => {
  it('closes a connection whose headers do not finish in time, and one whose body trickles past the request time', async () => {
    const server = await api({ dataDir: join(scratch(), 'data'), timeouts: { headersMs: 400, requestMs: 1_500, keepAliveMs: 5_000 } });
    const headers = await rawRequest(server.port, 'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: app');
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408 /);
    const body = await rawRequest(server.port, 'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 20000\r\n\r\n{"name":"', { every: 100, byte: 'a' });
    expect(body.closedAfterMs).toBeGreaterThanOrEqual(1_400);
    expect(body.answer === '' || /^HTTP\/1\.1 408 /.test(body.answer)).toBe(true);
  });
});

describe('uploads on disk', () => {
  it('takes a few large orders at a time, one per client here, and tells the next sender to come back, keeping nothing of it', async () => {
    const dataDir = join(scratch(), 'data');
    // Two slots for large orders; each client's share of them is one. Behind the proxy, the client is X-Forwarded-For.
    const server = await api({ dataDir, uploadsAtOnce: 2, trustProxy: true });
    const { body, type } = multipart(orderFields(), [{ bytes: uploadFixture('pixel.png'), filename: 'photo.png' }]);
    /** An order declaring 50 MB from `address` whose file never finishes arriving: its part is on disk, not in memory. */
    const stalledFrom = (address: string) => {
      let answer = '';
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write(`POST /api/order?lang=en HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: ${address}\r\nContent-Type: ${type}\r\nContent-Length: ${50_000_000}\r\n\r\n`);
        socket.write(body.subarray(0, body.length - 50));
      });
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('error', () => {});
      cleanups.push(() => void socket.destroy());
      return { socket, answer: () => answer };
    };
    const stalled = ['203.0.113.1', '203.0.113.2'].map(stalledFrom);
    await waitFor(() => incomingUploads(dataDir).length === 2, 'both files arriving');
    const third = stalledFrom('203.0.113.3');
    await waitFor(() => third.answer().includes('\r\n\r\n{'), 'the third sender answered');
    expect(third.answer()).toMatch(/^HTTP\/1\.1 503 /);
    expect(third.answer()).toMatch(/\r\nretry-after: 60\r\n/i);
    expect(third.answer()).toContain(JSON.stringify({ success: false, error: 'We cannot take your form at the moment. Please try again in a few minutes, or call us.' }));
    // A sender that gives up leaves nothing: its half file goes with its connection.
    for (const { socket } of stalled) socket.destroy();
    await waitFor(() => incomingUploads(dataDir).length === 0, 'the half files removed');
    expect((await postOrder(server.port, orderFields(), [{ bytes: uploadFixture('pixel.png'), filename: 'photo.png' }])).status).toBe(200);
  });

  it('removes a kept file no submission names, as a run stopped between the file and its row leaves, once it is an hour old', async () => {
    const dataDir = join(scratch(), 'data');
    const first = await api({ dataDir });
    expect((await postOrder(first.port, orderFields(), [{ bytes: uploadFixture('pixel.png'), filename: 'photo.png' }])).status).toBe(200);
    await first.stop();
    const kept = filesIn(dataDir, 'uploads');
    expect(kept).toHaveLength(1);
    // What kill -9 leaves after the file took its name and before its row was committed: a file no row names.
    const orphan = join(dataDir, 'uploads', `order-${randomUUID()}.png`);
    const inFlight = join(dataDir, 'uploads', `order-${randomUUID()}.png`);
    writeFileSync(orphan, uploadFixture('pixel.png'));
    writeFileSync(inFlight, uploadFixture('pixel.png'));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    utimesSync(orphan, twoHoursAgo, twoHoursAgo);
    // Also the stored file's own age: a file a row names stays, however old.
    utimesSync(join(dataDir, 'uploads', kept[0]!), twoHoursAgo, twoHoursAgo);

    const server = await api({ dataDir });
    // A recent one may be another process's order between its file and its row: it waits for a later prune.
    await waitFor(() => filesIn(dataDir, 'uploads').length === 2, 'the orphan removed at start');
    expect(filesIn(dataDir, 'uploads').sort()).toEqual([...kept, basename(inFlight)].sort());
    expect(server.logs).toContainEqual(expect.objectContaining({ msg: 'removed uploads no submission names', files: 1 }));
  });

  it('removes at start what a stopped run left half-received', async () => {
    const dataDir = join(scratch(), 'data');
    mkdirSync(join(dataDir, 'uploads', '.incoming'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', '.incoming', 'left.part'), 'half');
    const server = await api({ dataDir });
    expect(incomingUploads(dataDir)).toEqual([]);
    expect(server.logs).toContainEqual(expect.objectContaining({ msg: 'removed uploads a previous run left half-received', files: 1 }));
  });
});

describe('storage faults are loud, once, and honest', () => {
  it.each([
    ['a file where the folder should be', (root: string) => (writeFileSync(join(root, 'data'), 'x'), join(root, 'data')), /\((ENOTDIR|EEXIST): /],
    ['a folder under a file', (root: string) => (writeFileSync(join(root, 'file'), 'x'), join(root, 'file', 'data')), /\((ENOTDIR|EEXIST): /],
    [
      'a database that is no database',
      (root: string) => (mkdirSync(join(root, 'data')), writeFileSync(join(root, 'data', 'submissions.db'), 'not a database '.repeat(100)), join(root, 'data')),
      /\(SQLITE_NOTADB: /,
    ],
    ['a file where uploads/ should be', (root: string) => (mkdirSync(join(root, 'data')), writeFileSync(join(root, 'data', 'uploads'), 'x'), join(root, 'data')), /\((ENOTDIR|EEXIST): /],
  ])('refuses to start on %s, with one line saying why and what to do', async (_what, make, code) => {
    const dataDir = make(scratch());
    const refused = await startApiServer({ dataDir }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StartError);
    const message = (refused as StartError).message;
    expect(message).not.toMatch(/\n/);
    expect(message).toMatch(new RegExp(`^the data folder ${dataDir} cannot be used \\(`));
    expect(message).toMatch(code);
    expect(message).toMatch(
      code.source.includes('NOTADB') ? new RegExp(`; restore ${dataDir}/submissions.db from a backup or move it away$`) : /; make it writable by this user or set DATA_DIR to another folder$/,
    );
  });

  it('answers 503 with Retry-After while the database cannot be written, says so once when it starts and once when it clears, and /api/health says so too', async () => {
    const dataDir = join(scratch(), 'data');
    const real = openStore({ dataDir });
    cleanups.push(() => real.close());
    let full = true;
    const diskFull = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const store = {
      save: (input: SubmissionInput) => (full ? Promise.reject(diskFull()) : Promise.resolve(real.save(input))),
      checkWritable: (at: number) =>
        full
          ? (() => {
              throw diskFull();
            })()
          : real.checkWritable(at),
      outboxState: () => real.outboxState(),
    };
    const server = await startApiWithStore(store, dataDir, storeHealth(store));
    cleanups.push(() => server.stop());

    for (const lang of ['nl', 'en', 'nl']) {
      const reply = await postJson(server.port, `/api/contact?lang=${lang}`, contact());
      expect(reply.status).toBe(503);
      expect(reply.headers['retry-after']).toBe('300');
      expect(reply.json).toEqual({
        success: false,
        error:
          lang === 'nl'
            ? 'Wij kunnen uw formulier op dit moment niet ontvangen. Probeer het over enkele minuten opnieuw of bel ons.'
            : 'We cannot take your form at the moment. Please try again in a few minutes, or call us.',
      });
    }
    const failing = await send(server.port, '/api/health');
    expect(failing.status).toBe(503);
    expect(failing.headers['cache-control']).toBe('no-store');
    expect(failing.json).toEqual({ status: 'failing', database: 'cannot be written: SQLITE_FULL', mails: { waiting: 0, givenUp: 0, oldestWaitingMinutes: null } });
    expect(server.logs.filter((line) => line.msg.startsWith('submissions cannot be stored')).map((line) => [line.level, line.path])).toEqual([[50, '/api/contact']]);

    full = false;
    expect((await postJson(server.port, '/api/contact', contact())).status).toBe(200);
    expect((await postJson(server.port, '/api/contact', contact())).status).toBe(200);
    expect(server.logs.filter((line) => line.msg === 'submissions are stored again')).toHaveLength(1);
    expect(server.logs.filter((line) => line.msg.startsWith('submissions cannot be stored'))).toHaveLength(1);
    const healthy = await send(server.port, '/api/health');
    expect(healthy.status).toBe(200);
    expect(healthy.json).toEqual({ status: 'ok', database: 'writable', mails: { waiting: 2, givenUp: 0, oldestWaitingMinutes: 0 } });
  });

  it("answers /api/health with its own status object whichever part of a corrupt or failing database throws, never with a form's error", async () => {
    const dataDir = join(scratch(), 'data');
    const real = openStore({ dataDir });
    cleanups.push(() => real.close());
    let fault: { code: string; where: 'write' | 'outbox' | 'both' } | null = null;
    const thrown = () => Object.assign(new Error(`fault ${fault!.code}`), { code: fault!.code });
    const store = {
      save: (input: SubmissionInput) => real.save(input),
      checkWritable: (at: number) =>
        fault && fault.where !== 'outbox'
          ? (() => {
              throw thrown();
            })()
          : real.checkWritable(at),
      outboxState: () =>
        fault && fault.where !== 'write'
          ? (() => {
              throw thrown();
            })()
          : real.outboxState(),
    };
    const server = await startApiWithStore(store, dataDir, storeHealth(store));
    cleanups.push(() => server.stop());
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_IOERR_READ', 'SQLITE_FULL', 'EIO'),
        fc.constantFrom<'write' | 'outbox' | 'both'>('write', 'outbox', 'both'),
        async (code, where) => {
          fault = { code, where };
          const reply = await send(server.port, '/api/health');
          expect(reply.status).toBe(503);
          expect(reply.json).toMatchObject({ status: 'failing', database: `cannot be written: ${code}` });
          expect(Object.keys(reply.json as object)).toEqual(['status', 'database', 'mails']);
          fault = null;
          expect((await send(server.port, '/api/health')).status).toBe(200);
        },
      ),
      { seed: 27_5_3, numRuns: 30 },
    );
  });

  it('fails /api/health when a mail has waited over an hour (the outbox does not drain), and counts the mails given up', async () => {
    const dataDir = join(scratch(), 'data');
    let clock = Date.now() - 61 * 60_000;
    const store = openStore({ dataDir, now: () => clock });
    cleanups.push(() => store.close());
    const server = await startApiWithStore({ save: (input) => store.save(input) }, dataDir, storeHealth(store));
    cleanups.push(() => server.stop());
    expect((await postJson(server.port, '/api/contact', contact())).status).toBe(200);
    expect((await postJson(server.port, '/api/contact', contact())).status).toBe(200);
    const [first] = store.pending();
    store.markGivenUp(first!.id, '550 No such user here');
    const stuck = await send(server.port, '/api/health');
    expect(stuck.status).toBe(503);
    expect(stuck.json).toEqual({ status: 'failing', database: 'writable', mails: { waiting: 1, givenUp: 1, oldestWaitingMinutes: 61 } });
    // A mail given up is counted but does not hold the health check down by itself.
    clock = Date.now();
    for (const entry of store.pending()) store.markSent(entry.id, clock);
    const given = await send(server.port, '/api/health');
    expect(given.status).toBe(200);
    expect(given.json).toEqual({ status: 'ok', database: 'writable', mails: { waiting: 0, givenUp: 1, oldestWaitingMinutes: null } });
  });

  it('answers an order whose file meets a disk fault with 503 and leaves nothing of it', async () => {
    const dataDir = join(scratch(), 'data');
    const server = await api({ dataDir });
    // The folder the file would arrive in cannot be made: as when the disk fails under the server.
    rmSync(join(dataDir, 'uploads'), { recursive: true, force: true });
    writeFileSync(join(dataDir, 'uploads'), 'in the way');
    const before = storedSubmissions(dataDir).length;
    const reply = await postOrder(server.port, orderFields(), [{ bytes: uploadFixture('pixel.png'), filename: 'photo.png' }], 'nl');
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('300');
    expect(reply.json).toEqual({ success: false, error: 'Wij kunnen uw formulier op dit moment niet ontvangen. Probeer het over enkele minuten opnieuw of bel ons.' });
    expect(storedSubmissions(dataDir)).toHaveLength(before);
    rmSync(join(dataDir, 'uploads'));
    expect((await postOrder(server.port, orderFields(), [{ bytes: uploadFixture('pixel.png'), filename: 'photo.png' }])).status).toBe(200);
    expect(incomingUploads(dataDir)).toEqual([]);
    expect(server.logs.filter((line) => line.msg === 'submissions are stored again')).toHaveLength(1);
  });
});
