/**
 * A Web Storage held in memory for the specs. Given a quota (characters of keys and values, as the browsers count
 * theirs), it refuses a write past it with the browsers' QuotaExceededError.
 */
export class MemoryStorage implements Storage {
  [name: string]: unknown;
  readonly values = new Map<string, string>();

  constructor(private readonly quota = Infinity) {}

  get length(): number {
    return this.values.size;
  }

  key(index: number): string | null {
    return [...this.values.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    const before = this.values.get(key);
    const used = this.used() - (before === undefined ? 0 : key.length + before.length);
    if (used + key.length + value.length > this.quota)
      throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
    this.values.set(key, value);
  }

  removeItem(key: string): void {
    this.values.delete(key);
  }

  clear(): void {
    this.values.clear();
  }

  /** The characters held. */
  used(): number {
    let used = 0;
    for (const [key, value] of this.values) used += key.length + value.length;
    return used;
  }
}

/** Fills the storage to the brim with another script's values, as a page that has run out of room finds it. */
export function fillStorage(storage: Storage): void {
  let i = 0;
  for (const size of [100_000, 1_000, 10]) {
    try {
      for (;;) storage.setItem(`other-script-${i++}`, 'x'.repeat(size));
    } catch {
      // this size no longer fits: on to a smaller one
    }
  }
}
