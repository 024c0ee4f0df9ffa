import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contact, incomingUploads, orderFields, postJson, send, startApiServer, storedSubmissions, type ApiServer } from '../support/api.ts';
import { waitFor } from '../support/smtp.ts';
import { multipart, pdfOfSize, uploadFixture } from '../support/uploads.ts';

// No one can lock the dentists out of the order form: each client holds at most its share of the slots
// for large orders (the rule alone: tests/unit/order-slots.test.ts), small orders have a lane of their own,
// and a body that trickles below the minimum rate is cut off.

describe('an attacker holding order slots from two addresses', () => {
  let api: ApiServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Behind the lab's proxy on this machine: the client is the last X-Forwarded-For hop. Stall periods of three seconds.
    api = await startApiServer({ trustProxy: true, timeouts: { headersMs: 15_000, requestMs: 180_000, uploadMs: 3_600_000, stallMs: 3_000, keepAliveMs: 5_000 } });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await api.stop();
  });

  /** An order declaring 50 MB that sends its first kilobytes and then trickles a few bytes at a time, as a slot holder does. */
  function holdSlot(address: string): Promise<string> {
    const { body, type } = multipart(orderFields(), [{ bytes: Buffer.alloc(1024, 0x20), filename: 'scan.stl' }]);
    return new Promise((resolve) => {
      let trickle: NodeJS.Timeout | undefined;
      const socket = connect(api.port, '127.0.0.1', () => {
        socket.write(`POST /api/order HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: ${address}\r\nContent-Type: ${type}\r\nContent-Length: ${50_000_000}\r\n\r\n`);
        socket.write(body.subarray(0, body.length - 100));
        // About 1 KB/s: enough to look alive to a check of a few bytes, far below the minimum rate.
        trickle = setInterval(() => socket.writable && socket.write('  '), 2);
      });
      sockets.push(socket);
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(trickle);
        resolve(answer.slice(0, 12));
      });
    });
  }

  it("leaves the slots other addresses need: a third address's small and large orders are accepted, and the trickles are cut off", async () => {
    const attackers = ['203.0.113.7', '198.51.100.9'];
    const held = attackers.flatMap((address) => Array.from({ length: 8 }, () => holdSlot(address)));
    // As many as the server lets in are arriving; the others were turned away with 503.
    await waitFor(() => incomingUploads(api.dataDir).length >= 4, 'the attackers holding slots');
    const before = storedSubmissions(api.dataDir).length;
    for (const [what, bytes] of [
      ['a 1 KB order', uploadFixture('pixel.png')],
      ['a 5 MB order', pdfOfSize(5 * 1024 * 1024)],
    ] as const) {
      const { body, type } = multipart(orderFields(), [{ bytes, filename: what.includes('1 KB') ? 'photo.png' : 'scan.pdf' }]);
      const reply = await send(api.port, '/api/order?lang=en', { method: 'POST', headers: { 'Content-Type': type, 'Content-Length': body.length, 'X-Forwarded-For': '192.0.2.44' }, body });
      expect(reply.json, what).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
    }
    expect(storedSubmissions(api.dataDir).length).toBe(before + 2);
    // Every slot holder was either turned away or cut off for its rate: none is answered 200, none stays.
    const answers = await Promise.all(held);
    expect(answers.filter((answer) => answer.startsWith('HTTP/1.1 200'))).toEqual([]);
    await waitFor(() => incomingUploads(api.dataDir).length === 0, 'the trickled files removed');
  }, 120_000);
});

describe('the rate limit behind a proxy', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApiServer({ trustProxy: true, rateLimit: 3 });
  });
  afterAll(() => api.stop());

  const contactFrom = (forwarded: string) => postJson(api.port, '/api/contact?lang=en', contact(), { 'X-Forwarded-For': forwarded });

  it('counts one client however its address is written, and text that is no address as one client', async () => {
    const dressed = ['203.0.113.5', '203.0.113.5:1234', '[::ffff:203.0.113.5]:80', '::FFFF:203.0.113.5', ' 203.0.113.5'];
    const statuses = [];
    for (const forwarded of dressed) statuses.push((await contactFrom(forwarded)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await contactFrom('203.0.113.6')).status).toBe(200);
    const junk = [];
    for (const forwarded of ['unknown', 'x', 'not an address', '1.2.3.4.5']) junk.push((await contactFrom(forwarded)).status);
    expect(junk).toEqual([200, 200, 200, 429]);
    expect((await contactFrom('2001:db8:1:2::1')).status).toBe(200);
    expect((await contactFrom('[2001:db8:1:2::99]:443')).status).toBe(200);
    expect((await contactFrom('2001:db8:1:2:abcd::1')).status).toBe(200);
    expect((await contactFrom('2001:db8:1:2::7')).status).toBe(429);
  });
});
