import { resolve } from 'node:path';
import { z } from 'zod';

export const defaultRateLimit = 5;
export const defaultMinFillMs = 3_000;

/** A variable that is unset or blank counts as not given. */
const given = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

const wholeNumber = (name: string, min: number, fallback: number) =>
  z.preprocess(
    given,
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number of at least ${min}`)
      .transform(Number)
      .pipe(z.int(`${name} must be a whole number of at least ${min}`).min(min, `${name} must be a whole number of at least ${min}`))
      .optional()
      .transform((value) => value ?? fallback),
  );

/** The environment the server reads; the README's settings table lists the same variables. */
const Environment = z.object({
  PORT: z.preprocess(
    given,
    z.string().regex(/^\d+$/, 'PORT must be a port number from 0 to 65535').transform(Number).pipe(z.int().max(65535, 'PORT must be a port number from 0 to 65535')).optional(),
  ),
  HOST: z.preprocess(given, z.union([z.ipv4(), z.ipv6(), z.literal('localhost')], 'HOST must be an IP address to listen on, such as 127.0.0.1 or ::').optional()),
  DATA_DIR: z.preprocess(given, z.string().optional()).describe('Where submissions.db, uploads/ and mail/ live; default ./data.'),
  SMTP_URL: z.preprocess(given, z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// address' }).optional()),
  MAIL_FROM: z.preprocess(given, z.string().optional()),
  LAB_EMAIL: z.preprocess(
    given,
    z
      .string()
      .regex(/^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/, 'LAB_EMAIL must be one e-mail address')
      .optional(),
  ),
  FORM_RATE_LIMIT: wholeNumber('FORM_RATE_LIMIT', 1, defaultRateLimit),
  FORM_MIN_FILL_MS: wholeNumber('FORM_MIN_FILL_MS', 0, defaultMinFillMs),
  TRUST_PROXY: z.preprocess(given, z.enum(['0', '1'], 'TRUST_PROXY must be 1 or 0').optional()),
  SITE_ORIGINS: z.preprocess(
    given,
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'SITE_ORIGINS must list origins such as http://192.168.1.20:3000, separated by commas' }).transform((url) => new URL(url).origin)))
      .optional(),
  ),
});

/** The forms API's settings from the environment; the README's settings table lists them. */
export interface ApiSettings {
  /** `PORT`: where `npm start` listens (3000 unless set). */
  port: number;
  /** `HOST`: the address to listen on; every interface, IPv6 and IPv4, unless set (behind a proxy on the same machine: 127.0.0.1). */
  host?: string;
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
  /** `FORM_MIN_FILL_MS`: a form sent sooner after the page showed it is taken for a bot's and kept as suspected spam, without mails. */
  minFillMs: number;
  /** `TRUST_PROXY=1`: the client address is the last hop of X-Forwarded-For (set only behind your own proxy). */
  trustProxy: boolean;
  /** `SITE_ORIGINS`: origins besides the site URL whose pages may send the forms (a preview on a LAN address). */
  origins: string[];
}

/** Reads the API settings from `env`, throwing at start on a value that makes no sense rather than running with it. */
export function readApiSettings(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ApiSettings {
  const result = Environment.safeParse(env);
  if (!result.success) {
    throw new Error(result.error.issues.map((issue) => `${issue.message}, not ${JSON.stringify(env[String(issue.path[0])])}`).join('; '));
  }
  const settings = result.data;
  return {
    port: settings.PORT ?? 3000,
    host: settings.HOST,
    dataDir: resolve(cwd, settings.DATA_DIR ?? 'data'),
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    labEmail: settings.LAB_EMAIL,
    rateLimit: settings.FORM_RATE_LIMIT,
    minFillMs: settings.FORM_MIN_FILL_MS,
    trustProxy: settings.TRUST_PROXY === '1',
    origins: settings.SITE_ORIGINS ?? [],
  };
}
