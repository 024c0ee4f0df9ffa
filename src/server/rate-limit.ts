import { isIPv6 } from 'node:net';

/** The verdict on one attempt: allowed, or refused with the time until the oldest counted attempt leaves the window. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Counts attempts per client in a sliding window. */
export interface RateLimiter {
  /** Counts an attempt by `key` when it is allowed; a refused attempt is not counted. */
  attempt(key: string): RateVerdict;
  /** How many clients are remembered (bounded by `maxKeys`). */
  size(): number;
}

export interface RateLimitOptions {
  /** Attempts allowed per window; the next one is refused. */
  limit: number;
  windowMs: number;
  now?: () => number;
  /** Most clients remembered at once; past it the one seen longest ago is forgotten. */
  maxKeys?: number;
}

/**
 * A sliding-window limiter: each client keeps the times of its last `limit` attempts. Clients idle for a
 * whole window are swept out as time passes, so memory follows the clients of the last window only.
 */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const { limit, windowMs } = options;
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 100_000;
  // Insertion order is last-attempt order (an entry is moved to the end on each attempt), so the first entries are the stalest.
  const attempts = new Map<string, number[]>();
  let lastSweep = now();

  function sweep(at: number): void {
    lastSweep = at;
    for (const [key, times] of attempts) {
      if ((times.at(-1) ?? 0) > at - windowMs) break;
      attempts.delete(key);
    }
  }

  return {
    attempt(key) {
      const at = now();
      if (at - lastSweep >= windowMs / 10) sweep(at);
      const times = (attempts.get(key) ?? []).filter((time) => time > at - windowMs);
      if (times.length >= limit) {
        attempts.set(key, times);
        return { allowed: false, retryAfterMs: (times[0] ?? at) + windowMs - at };
      }
      times.push(at);
      attempts.delete(key);
      attempts.set(key, times);
      if (attempts.size > maxKeys) attempts.delete(attempts.keys().next().value as string);
      return { allowed: true };
    },
    size: () => attempts.size,
  };
}

/**
 * The key a client is counted under: its IPv4 address, or the /64 network of an IPv6 address (one
 * household or server is given a whole /64, so single addresses would be free to rotate).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
