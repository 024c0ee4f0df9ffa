import { connect } from 'node:net';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incomingUploads, orderFields, startApiServer, storedSubmissions, type ApiServer } from '../support/api.ts';
import { waitFor } from '../support/smtp.ts';
import { multipart, postOrder, postStreamedOrder, streamedBytes, streamedPdf, uploadFixture, useOrderApi } from '../support/uploads.ts';
import { workflowDisguises, workflowFiles } from '../support/workflow-files.ts';

// An order's limits at their exact edges (a file of 50 MiB, 100 MiB together), sent as a browser sends
// them and made as they are sent, so neither the test nor the server holds a file whole; and how long a slow
// upload may take, and a stalled one. The memory the server holds meanwhile is measured in tests/memory/api-order.test.ts.

const mib = 1024 * 1024;

const messages = {
  tooLarge: 'The request is too large. Each file may be at most 50 MB, and all files together at most 100 MB.',
  fileTooLarge: 'The file is larger than 50 MB. Please choose a smaller file.',
  filesTotal: 'All files together may be at most 100 MB.',
};

// Behind the proxy: the five orders sent at once below come from five clients, each within its share of the slots.
const orders = useOrderApi({ trustProxy: true });
const { expectNothingKept } = orders;

describe('the limits of an order, at their edges', () => {
  it('refuses a file of 50 MiB + 1 byte beside the files before it, as it streams, keeping nothing', async () => {
    const reply = await postStreamedOrder(orders.api.port, orderFields(), [streamedBytes('photo.png', uploadFixture('pixel.png')), streamedPdf('scan.pdf', 50 * mib + 1)]);
    expect(reply.status).toBe(413);
    expect(reply.json).toEqual({
      success: false,
      error: messages.tooLarge,
      fields: { file: `scan.pdf: ${messages.fileTooLarge}` },
      files: [{ position: 2, name: 'scan.pdf', error: messages.fileTooLarge }],
    });
    expectNothingKept();
  }, 120_000);

  it('refuses files of 100 MiB + 1 byte together at the file that passes it, keeping nothing', async () => {
    const reply = await postStreamedOrder(orders.api.port, orderFields(), [
      streamedPdf('upper.pdf', 50 * mib),
      streamedPdf('lower.pdf', 50 * mib - 100),
      streamedBytes('bite.stl', Buffer.alloc(101, 0x20)),
    ]);
    expect(reply.status).toBe(413);
    expect(reply.json).toEqual({
      success: false,
      error: messages.tooLarge,
      fields: { file: `bite.stl: ${messages.filesTotal}` },
      files: [{ position: 3, name: 'bite.stl', error: messages.filesTotal }],
    });
    expectNothingKept();
  }, 120_000);

  it('refuses a declared body over 100 MiB and the room for the fields before reading it', async () => {
    const { type } = multipart(orderFields());
    const status = await new Promise<number>((resolve, reject) => {
      const socket = connect(orders.api.port, '127.0.0.1', () =>
        socket.write(`POST /api/order HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${100 * mib + 256 * 1024 + 1}\r\n\r\n`),
      );
      let answer = '';
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
        if (answer.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]));
        }
      });
      socket.on('error', reject);
    });
    expect(status).toBe(413);
  });

  it(`accepts a file of exactly 50 MiB`, async () => {
    const reply = await postStreamedOrder(orders.api.port, orderFields(), [streamedPdf('scan.pdf', 50 * mib)]);
    expect(reply.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
    const row = storedSubmissions(orders.api.dataDir).at(-1)!;
    expect(row.files).toMatchObject([{ name: 'scan.pdf', kind: 'pdf', size: 50 * mib }]);
    expect(basename(row.files[0]!.path)).toBe(`order-${row.id}-1.pdf`);
  }, 120_000);

  it(`accepts files of exactly 100 MiB together, listed in the lab's mail with the command that fetches them`, async () => {
    const bite = uploadFixture('crown-ascii.stl');
    const reply = await postStreamedOrder(orders.api.port, orderFields(), [streamedPdf('upper.pdf', 50 * mib), streamedPdf('lower.pdf', 50 * mib - bite.length), streamedBytes('bite.stl', bite)]);
    expect(reply.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
    const row = storedSubmissions(orders.api.dataDir).at(-1)!;
    expect(row.files.map((file) => file.size).reduce((a, b) => a + b)).toBe(100 * mib);
    expect(row.messages[0]?.attachments).toBeUndefined();
    expect(row.messages[0]?.text).toContain(`npm run submissions -- files ${row.id} <folder>`);
  }, 120_000);
});

describe('the files of the digital workflow', () => {
  it.each(workflowFiles().map((file) => [file.name, file] as const))(`accepts %s as what its bytes are, stored, listed and attached`, async (_name, file) => {
    const reply = await postOrder(orders.api.port, orderFields(), [
      { bytes: uploadFixture('pixel.png'), filename: 'photo.png' },
      { bytes: file.bytes, filename: file.name },
    ]);
    expect(reply.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
    const row = storedSubmissions(orders.api.dataDir).at(-1)!;
    expect(row.files[1]).toMatchObject({ name: file.name, kind: file.kind, size: file.bytes.length });
    expect(basename(row.files[1]!.path)).toBe(`order-${row.id}-2.${file.kind}`);
    expect(row.messages[0]?.text).toContain(`2. ${file.name} (${file.type}, `);
    expect(row.messages[0]?.attachments?.[1]?.filename).toBe(`order-${row.id}-2.${file.kind}`);
  });

  it.each(workflowDisguises())(`refuses %s (%s) beside the good file before it, keeping nothing`, async (_what, filename, bytes) => {
    const reply = await postOrder(orders.api.port, orderFields(), [
      { bytes: uploadFixture('pixel.png'), filename: 'photo.png' },
      { bytes, filename },
    ]);
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ success: false, files: [{ position: 2, name: filename }] });
    expectNothingKept();
  });
});

describe('a slow upload and a stalled one', () => {
  let slow: ApiServer;
  // A form's body must arrive within a second here; an order's may take as long as it keeps coming (32 KiB every half second).
  const timeouts = { headersMs: 15_000, requestMs: 1_000, stallMs: 500, keepAliveMs: 5_000 };
  beforeAll(async () => {
    slow = await startApiServer({ timeouts });
  });
  afterAll(async () => {
    await slow?.stop();
  });

  it("lets an order that keeps coming run on past the time a form's body is given", async () => {
    const started = Date.now();
    // 3 MiB in 64 KiB chunks 40 ms apart: about 2 s, at 1.6 MB/s.
    const reply = await postStreamedOrder(slow.port, orderFields(), [streamedBytes('photo.png', uploadFixture('pixel.png')), streamedPdf('scan.pdf', 3 * mib)], { paceMs: 40 });
    expect(Date.now() - started).toBeGreaterThan(timeouts.requestMs);
    expect(reply.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
    expect(
      storedSubmissions(slow.dataDir)
        .at(-1)!
        .files.map((file) => file.size),
    ).toEqual([uploadFixture('pixel.png').length, 3 * mib]);
  }, 60_000);

  it('cuts off an order that stops coming, and keeps nothing of it', async () => {
    const { body, type } = multipart(orderFields(), [{ bytes: Buffer.alloc(512 * 1024, 0x20), filename: 'scan.stl' }]);
    const closed = await new Promise<boolean>((resolve) => {
      const socket = connect(slow.port, '127.0.0.1', () => {
        socket.write(`POST /api/order HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`);
        // All but the end: the file is arriving, then nothing more comes.
        socket.write(body.subarray(0, body.length - 1000));
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve(true));
    });
    expect(closed).toBe(true);
    await waitFor(() => incomingUploads(slow.dataDir).length === 0, 'the half file removed');
    expect(storedSubmissions(slow.dataDir).every((row) => row.files.every((file) => file.size !== 512 * 1024))).toBe(true);
  }, 60_000);

  it("still cuts off a form's body that trickles past its time", async () => {
    const closed = await new Promise<number>((resolve) => {
      const started = Date.now();
      const socket = connect(slow.port, '127.0.0.1', () => socket.write('POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 20000\r\n\r\n{"name":"'));
      const trickle = setInterval(() => socket.writable && socket.write('a'), 100);
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(trickle);
        resolve(Date.now() - started);
      });
    });
    expect(closed).toBeGreaterThanOrEqual(timeouts.requestMs - 100);
  }, 60_000);
});
