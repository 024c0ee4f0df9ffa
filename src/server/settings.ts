import { resolve } from 'node:path';

/** The forms API's settings from the environment; the README's settings table lists them. */
export interface ApiSettings {
  /** Where submissions.db, uploads/ and mail/ live (`DATA_DIR`, default `./data` from the working folder). */
  dataDir: string;
  /** `SMTP_URL`: send mail over SMTP; without it each mail is written as an .eml file in `<dataDir>/mail/`. */
  smtpUrl?: string;
  /** `MAIL_FROM`: the From of every mail; defaults to `"<site name> website" <lab address>`. */
  mailFrom?: string;
  /** `LAB_EMAIL`: where the lab's notifications go; defaults to the e-mail address in content/site.yaml. */
  labEmail?: string;
  /** `FORM_RATE_LIMIT`: submissions one address may make in ten minutes. */
  rateLimit: number;
  /** `FORM_MIN_FILL_MS`: a form sent sooner after the page showed it is taken for a bot and dropped. */
  minFillMs: number;
  /** `TRUST_PROXY=1`: the client address is the last hop of X-Forwarded-For (set only behind your own proxy). */
  trustProxy: boolean;
}

export const defaultRateLimit = 5;
export const defaultMinFillMs = 3_000;

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, not ${JSON.stringify(raw)}`);
  return value;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Reads the API settings from `env`, throwing at start on a value that makes no sense rather than running with it. */
export function readApiSettings(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ApiSettings {
  const labEmail = optional(env, 'LAB_EMAIL');
  if (labEmail !== undefined && !/^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/.test(labEmail)) {
    throw new Error(`LAB_EMAIL must be one e-mail address, not ${JSON.stringify(labEmail)}`);
  }
  const trustProxy = optional(env, 'TRUST_PROXY');
  if (trustProxy !== undefined && trustProxy !== '0' && trustProxy !== '1') throw new Error(`TRUST_PROXY must be 1 or 0, not ${JSON.stringify(trustProxy)}`);
  return {
    dataDir: resolve(cwd, optional(env, 'DATA_DIR') ?? 'data'),
    smtpUrl: optional(env, 'SMTP_URL'),
    mailFrom: optional(env, 'MAIL_FROM'),
    labEmail,
    rateLimit: wholeNumber(env, 'FORM_RATE_LIMIT', defaultRateLimit, 1),
    minFillMs: wholeNumber(env, 'FORM_MIN_FILL_MS', defaultMinFillMs, 0),
    trustProxy: trustProxy === '1',
  };
}
