import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../src/server/client-key.ts';
import { OrderSlots } from '../../src/server/order-slots.ts';

// The rules behind the order form's slots, on their own: each client holds at most its share of the slots for
// large orders, and a client is its address however it is written. tests/integration/api-order-slots.test.ts
// holds the server to them.

describe('OrderSlots', () => {
  it('never gives a client more than its share, never more slots than there are, and refuses only for one of those reasons', () => {
    const op = fc.oneof(
      fc.record({ take: fc.constant(true), client: fc.integer({ min: 0, max: 5 }), declared: fc.option(fc.integer({ min: 0, max: 8 * 1024 * 1024 }), { nil: undefined }) }),
      fc.record({ take: fc.constant(false), index: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(op, { maxLength: 200 }), (size, ops) => {
        const smallBytes = 2 * 1024 * 1024;
        const slots = new OrderSlots(size, smallBytes);
        const held: { client: string; small: boolean; release: () => void }[] = [];
        const count = (client: string, small: boolean) => held.filter((slot) => slot.client === client && slot.small === small).length;
        for (const step of ops) {
          if (!step.take) {
            if (held.length === 0) continue;
            const [slot] = held.splice(step.index % held.length, 1);
            slot!.release();
            slot!.release();
            continue;
          }
          const client = `10.0.0.${step.client}`;
          const small = step.declared !== undefined && step.declared <= smallBytes;
          const [lane, share] = small ? [slots.smallSize, slots.smallShare] : [size, slots.share];
          const free = held.filter((slot) => slot.small === small).length < lane && count(client, small) < share;
          const release = slots.take(client, step.declared);
          expect(release !== null).toBe(free);
          if (release) held.push({ client, small, release });
          expect(slots.inUse()).toEqual({ large: held.filter((slot) => !slot.small).length, small: held.filter((slot) => slot.small).length });
        }
        // Whatever the others hold, a share leaves room: four clients each get a large slot.
        expect(slots.share * 4).toBeLessThanOrEqual(Math.max(4, size));
      }),
      { seed: 27_3_1, numRuns: 300 },
    );
  });
});

describe('the client key', () => {
  it('is the address alone: a port, brackets, case, a zone or an IPv4-mapped form never make a new client', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const v4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join('.'));
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    const v6 = fc.tuple(fc.array(group, { minLength: 8, maxLength: 8 })).map(([groups]) => groups.join(':'));
    fc.assert(
      fc.property(fc.oneof(v4, v6), fc.integer({ min: 1, max: 65_535 }), (address, port) => {
        const key = clientKey(address);
        expect(key).not.toBe('invalid');
        const dressed = address.includes(':')
          ? [`[${address}]`, `[${address}]:${port}`, address.toUpperCase(), `${address}%eth0`]
          : [`${address}:${port}`, `::ffff:${address}`, `[::ffff:${address}]:${port}`, ` ${address} `];
        for (const form of dressed) expect(clientKey(form), form).toBe(key);
      }),
      { seed: 27_6_6, numRuns: 300 },
    );
    // An IPv6 client is its /64: the addresses one line is given.
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    // Text that is no address is one client, whatever it says.
    for (const junk of ['', 'unknown', 'x'.repeat(100), '1.2.3.4.5', '999.1.1.1', '1.2.3.4:x', 'evil, 1.2.3.4', undefined]) expect(clientKey(junk)).toBe('invalid');
  });
});
