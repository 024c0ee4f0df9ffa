/**
 * The slots of orders whose files are arriving, shared fairly between clients (by `clientKey`):
 *
 * - a large order (a declared length over `smallBytes`, or none) takes one of `size` slots, and one client
 *   holds at most `share` of them, so a few addresses that hold their slots open (trickling a byte at a
 *   time) still leave slots to every other address;
 * - a small order (a declared length of at most `smallBytes`: a few photos or a scan of a crown) takes a
 *   lane of its own, `smallSize` at once and `smallShare` per client, so it never waits behind large ones.
 *
 * Each slot is held until its request ends; what holds it too slowly is cut off by the minimum rate.
 */
export class OrderSlots {
  private large = new Map<string, number>();
  private small = new Map<string, number>();
  private largeUsed = 0;
  private smallUsed = 0;
  readonly share: number;
  readonly smallSize: number;
  readonly smallShare: number;

  constructor(
    readonly size: number,
    readonly smallBytes: number,
  ) {
    // A quarter of the slots each: at least four clients get one while the rest are held.
    this.share = Math.max(1, Math.floor(size / 4));
    this.smallSize = Math.max(4, size * 4);
    this.smallShare = Math.max(1, Math.floor(this.smallSize / 4));
  }

  /** Whether an order of `declared` bytes (undefined: chunked, unknown) goes in the small lane. */
  isSmall(declared: number | undefined): boolean {
    return declared !== undefined && declared <= this.smallBytes;
  }

  /** Takes a slot for `client`; returns how to give it back, or null when its share or the lane is full. */
  take(client: string, declared: number | undefined): (() => void) | null {
    const small = this.isSmall(declared);
    const held = small ? this.small : this.large;
    const mine = held.get(client) ?? 0;
    if (small ? this.smallUsed >= this.smallSize || mine >= this.smallShare : this.largeUsed >= this.size || mine >= this.share) return null;
    held.set(client, mine + 1);
    if (small) this.smallUsed += 1;
    else this.largeUsed += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (held.get(client) ?? 1) - 1;
      if (left === 0) held.delete(client);
      else held.set(client, left);
      if (small) this.smallUsed -= 1;
      else this.largeUsed -= 1;
    };
  }

  /** Slots held now, large and small, for tests and the log. */
  inUse(): { large: number; small: number } {
    return { large: this.largeUsed, small: this.smallUsed };
  }
}
