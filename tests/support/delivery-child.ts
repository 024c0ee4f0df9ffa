// A delivery loop alone in a process of its own, over DATA_DIR and SMTP_URL: a test kills it (kill -9) while
// it holds a mail's DATA, as a crash of the server would.
import { startDelivery } from '../../src/server/delivery.ts';
import { createLogger } from '../../src/server/log.ts';
import { createTransport } from '../../src/server/mail.ts';
import { openStore } from '../../src/server/store.ts';

const dataDir = process.env.DATA_DIR!;
const logger = createLogger({ level: 'silent' });
startDelivery({
  store: openStore({ dataDir }),
  transport: createTransport({ smtpUrl: process.env.SMTP_URL, dataDir, logger }),
  logger,
  retentionMs: 365 * 86_400_000,
  pollMs: 20,
});
