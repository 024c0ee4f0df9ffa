import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientKey, createRateLimiter } from '../../src/server/rate-limit.ts';
import { readApiSettings } from '../../src/server/settings.ts';

describe('the API settings', () => {
  it('defaults to ./data, .eml files, 5 submissions per ten minutes, 3 s of filling in and no proxy', () => {
    expect(readApiSettings({}, '/srv/site')).toEqual({
      dataDir: '/srv/site/data',
      smtpUrl: undefined,
      mailFrom: undefined,
      labEmail: undefined,
      rateLimit: 5,
      minFillMs: 3000,
      trustProxy: false,
    });
  });

  it('reads every setting from the environment, DATA_DIR relative to the working folder', () => {
    const env = {
      DATA_DIR: 'var/forms',
      SMTP_URL: 'smtps://user:secret@smtp.example.com',
      MAIL_FROM: '"Lab" <noreply@lab.example>',
      LAB_EMAIL: 'orders@lab.example',
      FORM_RATE_LIMIT: '20',
      FORM_MIN_FILL_MS: '0',
      TRUST_PROXY: '1',
    };
    expect(readApiSettings(env, '/srv/site')).toEqual({
      dataDir: join('/srv/site', 'var/forms'),
      smtpUrl: 'smtps://user:secret@smtp.example.com',
      mailFrom: '"Lab" <noreply@lab.example>',
      labEmail: 'orders@lab.example',
      rateLimit: 20,
      minFillMs: 0,
      trustProxy: true,
    });
    expect(readApiSettings({ DATA_DIR: '/data' }, '/srv/site').dataDir).toBe('/data');
  });

  it.each([
    [{ FORM_RATE_LIMIT: '0' }, /FORM_RATE_LIMIT must be a whole number of at least 1/],
    [{ FORM_RATE_LIMIT: 'many' }, /FORM_RATE_LIMIT/],
    [{ FORM_MIN_FILL_MS: '-1' }, /FORM_MIN_FILL_MS/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be 1 or 0/],
    [{ LAB_EMAIL: 'lab@example.nl, evil@example.com' }, /LAB_EMAIL must be one e-mail address/],
  ])('refuses to start with %j', (env, message) => {
    expect(() => readApiSettings(env, '/srv')).toThrow(message);
  });
});

describe('the rate limiter', () => {
  it('allows `limit` attempts in a sliding window and says when the oldest leaves it', () => {
    let clock = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 1_000, now: () => clock });
    expect(limiter.attempt('a')).toEqual({ allowed: true });
    clock = 400;
    expect(limiter.attempt('a')).toEqual({ allowed: true });
    clock = 500;
    expect(limiter.attempt('a')).toEqual({ allowed: false, retryAfterMs: 500 });
    expect(limiter.attempt('b')).toEqual({ allowed: true });
    clock = 1_000;
    expect(limiter.attempt('a')).toEqual({ allowed: true });
    expect(limiter.attempt('a')).toEqual({ allowed: false, retryAfterMs: 400 });
  });

  it('forgets clients idle for a whole window and never remembers more than maxKeys', () => {
    let clock = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, now: () => clock, maxKeys: 100 });
    for (let n = 0; n < 1_000; n++) limiter.attempt(`10.0.${Math.floor(n / 256)}.${n % 256}`);
    expect(limiter.size()).toBe(100);
    clock = 1_500;
    limiter.attempt('192.0.2.1');
    expect(limiter.size()).toBe(1);
  });

  it('counts an IPv6 client by its /64 network and an IPv4-mapped address as IPv4', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
  });
});
