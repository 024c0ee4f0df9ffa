import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { orderFields, pendingMails } from '../support/api.ts';
import { waitFor } from '../support/smtp.ts';
import { postStreamedOrder, streamedPdf, useOrderApi } from '../support/uploads.ts';

// The memory the server holds while five files of 50 MiB stream in at once: measured with the process's own
// counters after a forced collection (the server runs in this process), so it runs on its own
// (npm run test:memory), away from tests that allocate beside it.

const mib = 1024 * 1024;

// Behind the proxy: the five orders sent at once below come from five clients, each within its share of the slots.
const orders = useOrderApi({ trustProxy: true });

/** The collector, which the test calls between samples so that what is measured is what is held, not garbage not yet collected. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Memory held by the process: the bytes its Buffers and ArrayBuffers hold (where a file's chunks would be
 * kept; the JavaScript heap also holds the test runner's and the compiler's objects, which come and go with
 * the tests before), and its resident size.
 */
function held(): { retained: number; rss: number } {
  const usage = process.memoryUsage();
  return { retained: usage.arrayBuffers, rss: usage.rss };
}

describe('memory while files stream in', () => {
  /**
   * Sends five orders of one 50 MiB file each at once (250 MiB in all) and samples the server's memory
   * (it runs in this process) until `until` says to stop; resolves with the answers and the most each
   * measure grew by over what it was before.
   */
  async function fiveAtOnce(until: 'sent' | 'answered') {
    // An earlier test's mail being written (an .eml of 15 MB of attachments is built in memory) is not these orders' memory.
    await waitFor(() => pendingMails(orders.api.dataDir) === 0, 'the mails of earlier tests sent');
    const gc = collector();
    gc();
    const base = held();
    let peak = { retained: 0, rss: 0 };
    const sample = () => {
      gc();
      const now = held();
      peak = { retained: Math.max(peak.retained, now.retained - base.retained), rss: Math.max(peak.rss, now.rss - base.rss) };
    };
    let sent = 0;
    let sampling = true;
    const timer = setInterval(() => sampling && sample(), 100);
    const replies = Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        postStreamedOrder(orders.api.port, orderFields({ serviceType: `Crown ${n}` }), [streamedPdf(`scan ${n}.pdf`, 50 * mib)], {
          headers: { 'X-Forwarded-For': `192.0.2.${n}` },
          onSent: () => {
            sent += 1;
            // The files have all arrived once the last byte is written; the checks come after.
            if (sent === 5 && until === 'sent') {
              sample();
              sampling = false;
            }
          },
        }),
      ),
    );
    const answers = await replies.finally(() => clearInterval(timer));
    if (until === 'answered') sample();
    return { answers, peak };
  }

  it('holds what five files of 50 MiB arriving at once weigh on disk, not in memory', async () => {
    const { answers, peak } = await fiveAtOnce('sent');
    for (const answer of answers) expect(answer.status, answer.text).toBeLessThan(500);
    // 250 MiB arrived; a server holding even one file whole would have grown by 50 MiB.
    expect(peak.retained).toBeLessThan(32 * mib);
    expect(peak.rss).toBeLessThan(128 * mib);
  }, 180_000);

  it(`holds them on disk while they are checked too, and takes all five`, async () => {
    const { answers, peak } = await fiveAtOnce('answered');
    expect(answers.map((answer) => answer.json)).toEqual(Array.from({ length: 5 }, () => ({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string })));
    expect(peak.retained).toBeLessThan(32 * mib);
    expect(peak.rss).toBeLessThan(128 * mib);
  }, 180_000);
});
