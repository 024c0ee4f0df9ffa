import { readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { contact, fixtureDist, orderFields, readReply, storedSubmissions, type Reply } from '../support/api.ts';
import { removeDataDir, startSiteProcess, type SiteProcess } from '../support/site-process.ts';
import { postStreamedOrder, streamedPdf } from '../support/uploads.ts';

// A stop (SIGTERM, what systemd sends) under load loses nothing: every submission is either stored and
// answered 200, or refused with 503 and Retry-After (or never reached the server), and none is half
// stored; uploads still arriving are refused and leave nothing on disk; the process exits well within
// the service's stop timeout (TimeoutStopSec=30), and a restart sends what was left in the outbox.

const port = 4261;
const stopTimeoutMs = 30_000;

type Outcome = { index: number; reply?: Reply; error?: string };

/** POSTs one contact form, on a keep-alive connection of `agent` or a fresh one, and never rejects. */
function sendContact(index: number, agent: Agent | false): Promise<Outcome> {
  const body = JSON.stringify(
    contact({
      name: `Visitor ${index}`,
      email: `visitor${index}@praktijk.nl`,
      message: `Message number ${index} before the restart.`,
    }),
  );
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/contact',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) =>
        void readReply(res).then(
          (reply) => resolve({ index, reply }),
          (error: Error) => resolve({ index, error: error.message }),
        ),
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ index, error: error.code ?? error.message }));
    req.end(body);
  });
}

/** Files in uploads/ and uploads/.incoming/ (the write test's probe aside). */
function uploadFiles(dataDir: string): string[] {
  const list = (dir: string) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  };
  return [...list(join(dataDir, 'uploads')).filter((name) => name !== '.incoming'), ...list(join(dataDir, 'uploads', '.incoming'))];
}

describe('a stop under load', () => {
  let server: SiteProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  // Skipped until mended (issue 26 stays open on it): since the fair order slots of issue 27 were merged, an upload
  // the stop cuts off is reset (ECONNRESET) instead of answered 503; the submissions part held in both branches.
  it('answers or refuses every submission in flight, keeps no upload, exits in time, and the restart sends the rest of the outbox', async () => {
    // Behind a proxy, so the three uploads come from three clients: one client may hold only a share of the order slots.
    const env = { FORM_RATE_LIMIT: '10000', FORM_MIN_FILL_MS: '0', TRUST_PROXY: '1' };
    server = await startSiteProcess({ dist: fixtureDist, port, env });
    const { dataDir } = server;

    // Three orders of 40 MB each, sent slowly enough to be still arriving when the stop comes.
    const uploads = [1, 2, 3].map((n) =>
      postStreamedOrder(port, orderFields({ dentistName: `Dr. Upload ${n}` }), [streamedPdf(`scan-${n}.pdf`, 40_000_000)], { paceMs: 20, headers: { 'X-Forwarded-For': `192.0.2.${n}` } }).then(
        (reply) => ({ reply, error: undefined as string | undefined }),
        (error: NodeJS.ErrnoException) => ({
          reply: undefined,
          error: error.code ?? error.message,
        }),
      ),
    );
    // Until all three have started to arrive on disk.
    await expect
      .poll(() => readdirSync(join(dataDir, 'uploads', '.incoming')).length, {
        timeout: 30_000,
        interval: 50,
      })
      .toBe(3);

    // Fifty submissions at once, half of them on keep-alive connections that outlive the first answer.
    const agent = new Agent({ keepAlive: true, maxSockets: 5 });
    const inFlight = Array.from({ length: 50 }, (_, index) => sendContact(index, index % 2 === 0 ? agent : false));
    const first = await Promise.race(inFlight);
    expect(first.reply?.status, JSON.stringify(first)).toBe(200);
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    // And more while it stops: each is refused or never reaches it.
    const late = Array.from({ length: 10 }, (_, index) => sendContact(50 + index, agent));
    const code = await server.exited;
    const stopMs = Date.now() - stoppedAt;
    const outcomes = await Promise.all([...inFlight, ...late]);
    const orders = await Promise.all(uploads);
    agent.destroy();

    expect(code, server.output()).toBe(0);
    // The journal shows when the stop began and that it ended.
    expect(server.output()).toMatch(/"signal":"SIGTERM","msg":"stopping: finishing the requests in flight, refusing new submissions"\}\n(?:.*\n)*\{.*"msg":"stopped"\}\n$/);
    expect(stopMs).toBeLessThan(stopTimeoutMs);

    const stored = storedSubmissions(dataDir);
    const storedByMessage = new Map(stored.map((row) => [String(row.data.message), row]));
    let answered = 0;
    let refused = 0;
    for (const outcome of outcomes) {
      const message = `Message number ${outcome.index} before the restart.`;
      if (outcome.reply?.status === 200) {
        answered += 1;
        // Stored as it was answered.
        expect(storedByMessage.get(message)?.data, message).toMatchObject({
          name: `Visitor ${outcome.index}`,
          email: `visitor${outcome.index}@praktijk.nl`,
        });
        continue;
      }
      // Refused cleanly, or never reached the server: nothing of it stored.
      if (outcome.reply) {
        expect(outcome.reply.status, JSON.stringify(outcome.reply)).toBe(503);
        expect(outcome.reply.headers['retry-after']).toMatch(/^\d+$/);
        refused += 1;
      } else expect(outcome.error).toMatch(/^(?:ECONNREFUSED|ECONNRESET|EPIPE|socket hang up)$/);
      expect(storedByMessage.has(message), message).toBe(false);
    }
    // Every row is a submission that was answered 200: none stored behind a refusal or a cut connection.
    expect(stored.filter((row) => row.kind === 'contact')).toHaveLength(answered);
    expect(answered).toBeGreaterThan(0);
    expect(answered + refused).toBeGreaterThan(0);

    // The uploads: refused with 503 and Retry-After while they were arriving, nothing of them kept.
    for (const order of orders) {
      expect(order.reply?.status, JSON.stringify(order)).toBe(503);
      expect(order.reply?.headers['retry-after']).toMatch(/^\d+$/);
      expect(order.reply?.complete).toBe(false);
    }
    expect(stored.filter((row) => row.kind === 'order')).toEqual([]);
    expect(uploadFiles(dataDir)).toEqual([]);

    // The restart takes over the outbox: every mail of every stored submission goes out.
    server = await startSiteProcess({ dist: fixtureDist, port, env, dataDir });
    const mails = () => {
      const db = new Database(join(dataDir, 'submissions.db'), {
        readonly: true,
      });
      try {
        return db.prepare("SELECT count(*) AS total, count(*) FILTER (WHERE status = 'sent') AS sent FROM outbox").get() as { total: number; sent: number };
      } finally {
        db.close();
      }
    };
    expect(mails().total).toBeGreaterThanOrEqual(answered);
    await expect.poll(() => mails().sent, { timeout: 30_000, interval: 100 }).toBe(mails().total);
    expect(await server.stop()).toBe(0);
  }, 240_000);
});
