import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readApiSettings } from '../../src/server/settings.ts';

describe('the API settings', () => {
  it('defaults to ./data, .eml files, 5 submissions per ten minutes, 3 s of filling in and no proxy', () => {
    expect(readApiSettings({}, '/srv/site')).toEqual({
      port: 3000,
      dataDir: '/srv/site/data',
      smtpUrl: undefined,
      mailFrom: undefined,
      labEmail: undefined,
      rateLimit: 5,
      minFillMs: 3000,
      trustProxy: false,
      origins: [],
    });
  });

  it('reads every setting from the environment, DATA_DIR relative to the working folder', () => {
    const env = {
      PORT: '8080',
      DATA_DIR: 'var/forms',
      SMTP_URL: 'smtps://user:secret@smtp.example.com',
      MAIL_FROM: '"Lab" <noreply@lab.example>',
      LAB_EMAIL: 'orders@lab.example',
      FORM_RATE_LIMIT: '20',
      FORM_MIN_FILL_MS: '0',
      TRUST_PROXY: '1',
      SITE_ORIGINS: 'http://192.168.1.20:3000, https://preview.example.nl/',
    };
    expect(readApiSettings(env, '/srv/site')).toEqual({
      port: 8080,
      dataDir: join('/srv/site', 'var/forms'),
      smtpUrl: 'smtps://user:secret@smtp.example.com',
      mailFrom: '"Lab" <noreply@lab.example>',
      labEmail: 'orders@lab.example',
      rateLimit: 20,
      minFillMs: 0,
      trustProxy: true,
      origins: ['http://192.168.1.20:3000', 'https://preview.example.nl'],
    });
    expect(readApiSettings({ DATA_DIR: '/data' }, '/srv/site').dataDir).toBe('/data');
  });

  it.each([
    [{ FORM_RATE_LIMIT: '0' }, /FORM_RATE_LIMIT must be a whole number of at least 1/],
    [{ FORM_RATE_LIMIT: 'many' }, /FORM_RATE_LIMIT/],
    [{ FORM_MIN_FILL_MS: '-1' }, /FORM_MIN_FILL_MS/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be 1 or 0/],
    [{ PORT: '70000' }, /PORT must be a port number from 0 to 65535, not "70000"/],
    [{ PORT: 'http' }, /PORT must be a port number/],
    [{ SMTP_URL: 'http://mail.example' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address/],
    [{ SITE_ORIGINS: 'lab.local' }, /SITE_ORIGINS must list origins/],
    [{ LAB_EMAIL: 'lab@example.nl, evil@example.com' }, /LAB_EMAIL must be one e-mail address/],
  ])('refuses to start with %j', (env, message) => {
    expect(() => readApiSettings(env, '/srv')).toThrow(message);
  });
});
