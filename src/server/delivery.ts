import { rm } from 'node:fs/promises';
import type { Logger } from './log.ts';
import type { MailTransport } from './mail.ts';
import type { OutboxEntry, Store } from './store.ts';

/** The delivery loop's handle: the API kicks it after each save; shutdown stops it. */
export interface Delivery {
  /** Runs the loop now instead of at the next poll. */
  kick(): void;
  /**
   * Runs the loop now and resolves once a run begun at or after this call has finished (at once when the
   * loop is stopped): what the outbox held as due then has been tried. For tests that prove nothing was sent.
   */
  flush(): Promise<void>;
  /** Stops the loop; resolves once a send in flight has finished and been recorded. */
  stop(): Promise<void>;
}

export interface DeliveryOptions {
  store: Store;
  transport: MailTransport;
  /** Defaults to Date.now. */
  now?: () => number;
  logger: Logger;
  /** How often the loop looks for due messages without a kick; defaults to 1 s. */
  pollMs?: number;
  /** Wait before the next attempt after `attempt` failures; defaults to `defaultBackoffMs`. */
  backoffMs?: (attempt: number) => number;
  /**
   * Submissions older than this are pruned with everything of theirs (suspected spam and given-up mails
   * included; one whose mail is still being tried once it is sent or given up), and so are .eml files
   * older than this, at start and then hourly.
   */
  retentionMs: number;
}

const retryDelays = [5_000, 30_000, 2 * 60_000, 10 * 60_000];
/** Attempts after which a message is given up: with the backoff below, about a day of trying. */
export const maxAttempts = 50;
const pruneEveryMs = 60 * 60_000;
const batchSize = 50;
// Longer than a send can take with the SMTP timeouts; another process on the same database waits this long
// before taking over a message whose sender died mid-send.
const leaseMs = 5 * 60_000;

/** 5 s, 30 s, 2 min, 10 min, then every 30 min (until `maxAttempts`). */
export function defaultBackoffMs(attempt: number): number {
  return retryDelays[attempt - 1] ?? 30 * 60_000;
}

/** SMTP replies about logging in (RFC 4954): authentication required, too weak, refused, or encryption needed for it. */
const loginReplies = new Set([530, 534, 535, 538]);

/**
 * A rejection the mail server will give this message again whatever the wait: an SMTP 5xx reply (no such
 * mailbox, refused content). Not one about logging in (nodemailer's EAUTH, or a 530 to a sender who never
 * logged in): that is the lab's settings, wrong for every message until they are put right, and no
 * message's fault, so it is retried.
 */
function permanent(error: unknown): boolean {
  const { responseCode: code, code: kind } = error as { responseCode?: unknown; code?: unknown };
  // An attached file that is gone (erased, or removed by hand) will not come back by waiting.
  if (kind === 'ENOENT') return true;
  return typeof code === 'number' && code >= 500 && code < 600 && kind !== 'EAUTH' && !loginReplies.has(code);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // Server replies may echo visitor input: one log line per event, whatever they contain.
  return text.replace(/\p{Cc}/gu, ' ').slice(0, 1000);
}

/**
 * Starts the loop that sends every due outbox message, one at a time, and reschedules failures with backoff
 * until they go out. It picks up what a previous run left pending, and prunes at start and then hourly.
 */
export function startDelivery(options: DeliveryOptions): Delivery {
  const { store, transport, logger, retentionMs } = options;
  const now = options.now ?? Date.now;
  const pollMs = options.pollMs ?? 1_000;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;

  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let lastPrune = -Infinity;
  // A fault that lasts is logged when it starts and when it clears, not at every poll.
  let fault: string | null = null;

  function prune(): void {
    if (now() - lastPrune < pruneEveryMs) return;
    lastPrune = now();
    const { orphans, mailFiles, ...removed } = store.prune(retentionMs, now());
    if (removed.submissions > 0) logger.info(removed, 'pruned submissions past their retention');
    if (mailFiles > 0) logger.info({ files: mailFiles }, 'removed .eml files past their retention');
    if (orphans > 0) logger.info({ files: orphans }, 'removed uploads no submission names');
  }

  async function deliver(entry: OutboxEntry): Promise<void> {
    if (!store.claim(entry.id, now(), now() + leaseMs)) return;
    let written: string | void;
    try {
      written = await transport.send(entry.message, { submissionId: entry.submissionId, mailId: entry.id });
    } catch (error) {
      const attempt = entry.attempts + 1;
      if (permanent(error) || attempt >= maxAttempts) {
        store.markGivenUp(entry.id, errorText(error));
        logger.error({ mail: entry.id, attempt, error: errorText(error) }, 'mail given up: it is not tried again');
        return;
      }
      const wait = backoffMs(attempt);
      store.markFailed(entry.id, errorText(error), now() + wait);
      logger.warn({ mail: entry.id, attempt, retryInSeconds: Math.round(wait / 1000), error: errorText(error) }, 'mail failed');
      return;
    }
    if (store.markSent(entry.id, now())) {
      logger.info({ mail: entry.id }, 'mail sent');
      return;
    }
    // Its row went while it was sent: the lab's desk erased its submission and removed the submission's
    // .eml files; one written after the desk looked goes here.
    if (written) await rm(written, { force: true });
    logger.info({ mail: entry.id }, 'mail sent while its submission was erased: no copy kept');
  }

  async function cycle(): Promise<void> {
    try {
      prune();
    } catch (error) {
      logger.error({ error: errorText(error) }, 'prune failed');
    }
    // A message that failed with no backoff is due again at once: each is tried once per cycle.
    const tried = new Set<string>();
    for (;;) {
      const batch = store.due(now(), batchSize).filter((entry) => !tried.has(entry.id));
      if (batch.length === 0) return;
      for (const entry of batch) {
        if (stopped) return;
        tried.add(entry.id);
        await deliver(entry);
      }
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(run, pollMs);
    // The loop alone does not keep the process up; what is pending is on disk for the next start.
    timer.unref();
  }

  /** Runs begun and finished, and the flushes waiting for a run to finish. */
  let begun = 0;
  let finished = 0;
  const waiting: { run: number; resolve: () => void }[] = [];
  function settle(all = false): void {
    for (let i = waiting.length - 1; i >= 0; i--) {
      if (!all && waiting[i]!.run > finished) continue;
      waiting[i]!.resolve();
      waiting.splice(i, 1);
    }
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    again = false;
    const number = (begun += 1);
    running = cycle()
      .then(() => {
        if (fault === null) return;
        fault = null;
        logger.info('delivery works again');
      })
      .catch((error: unknown) => {
        if (fault !== null) return;
        fault = errorText(error);
        logger.error({ error: fault }, 'delivery failed: the outbox cannot be read or updated');
      })
      .finally(() => {
        running = null;
        finished = number;
        settle();
        if (again) run();
        else schedule();
      });
  }

  run();
  return {
    kick: run,
    flush() {
      if (stopped) return Promise.resolve();
      // The run that takes this call's work: the next one to begin (after the one in flight, if any).
      const promise = new Promise<void>((resolve) => waiting.push({ run: begun + 1, resolve }));
      run();
      return promise;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      settle(true);
    },
  };
}
