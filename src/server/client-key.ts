import { isIP } from 'node:net';

/**
 * The client a request counts against (the rate limit, the share of order slots): its address alone.
 * Behind a trusted proxy the address comes from X-Forwarded-For, which a client may dress up: a port
 * ("203.0.113.7:4711"), brackets ("[2001:db8::1]"), a zone or case never make a new client; an IPv4
 * address mapped into IPv6 is that IPv4 address; an IPv6 address counts by its /64 network (what one
 * line is given); and text that is no address at all counts as one client, "invalid", together.
 */
export function clientKey(ip: string | undefined): string {
  let text = (ip ?? '').trim();
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d*$/.test(text)) text = text.slice(0, text.indexOf(':'));
  text = text.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) text = mapped[1]!;
  const version = isIP(text);
  if (version === 4)
    return text
      .split('.')
      .map((part) => String(Number(part)))
      .join('.');
  if (version === 6) return `${ipv6Groups(text).slice(0, 4).join(':')}::/64`;
  return 'invalid';
}

/** The eight groups of a valid IPv6 address, each without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address;
  // A trailing IPv4 part (::1.2.3.4) becomes its two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16).toString(16));
}
