interface Entry<V> {
  value: V;
  tag: string;
  /** Epoch ms: the TTL counts from when the value was read, not from when it was kept. */
  expires: number;
}

/** Tags whose last announcement is remembered, for reads in flight; past it they are forgotten all at once. */
const MAX_CHANGED_TAGS = 10_000;

/**
 * Values read from PostgreSQL or Redis, kept in this process's memory while a pub/sub topic says when they change
 * An announcement drops the entries of its tag, at once. Only trusted while the bus is heard
 * (RealtimeListeners.live): until it is, and from the moment it is lost, every read goes to the source, and what was
 * kept is forgotten, since an announcement may have been missed. A TTL bounds how long a value is served should an
 * announcement be lost anyway (a writer that committed and then could not publish). A value read while an
 * announcement of its tag arrived is used for its own request but not kept: it may be older than the announcement.
 * `undefined` from a read is never kept (nothing found; the next request reads again).
 */
export class BusCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysOfTag = new Map<string, Set<string>>();
  /** Reads of one key in flight, shared by the requests that want it while no announcement has come in since. */
  private readonly reading = new Map<string, { generation: number; value: Promise<V | undefined> }>();
  /** Moves on with every announcement and every change of the bus's state. */
  private generation = 0;
  /** The generation of each tag's last announcement, and of the last time everything was forgotten. */
  private readonly changedAt = new Map<string, number>();
  private forgottenAt = 0;
  private live = false;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** The bus is heard (true) or lost (false); either way what was kept is forgotten. */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  get isLive(): boolean {
    return this.live;
  }

  /** The value of `key`, from memory when kept and not expired, else from `read` (kept under `tagOf(value)`). */
  get(key: string, read: () => Promise<V | undefined>, tagOf: (value: V) => string): Promise<V | undefined> {
    if (!this.live) return read();
    const now = this.clock();
    const kept = this.entries.get(key);
    if (kept && kept.expires > now) return Promise.resolve(kept.value);
    const inFlight = this.reading.get(key);
    if (inFlight && inFlight.generation === this.generation) return inFlight.value;
    const generation = this.generation;
    const value = read().then(
      (found) => {
        if (this.reading.get(key)?.value === value) this.reading.delete(key);
        if (found !== undefined && this.unchangedSince(tagOf(found), generation))
          this.keep(key, found, tagOf(found), now + this.ttlMs);
        return found;
      },
      (error: unknown) => {
        if (this.reading.get(key)?.value === value) this.reading.delete(key);
        throw error;
      },
    );
    this.reading.set(key, { generation, value });
    return value;
  }

  /**
   * The values of several keys, in order: those kept from memory, the others from one `read` of them all (each kept
   * under its own key as tag). For data read together (a few Redis keys in one MGET).
   */
  async getMany(
    keys: readonly string[],
    read: (missing: string[]) => Promise<Array<V | undefined>>,
  ): Promise<Array<V | undefined>> {
    if (!this.live) return read([...keys]);
    const now = this.clock();
    const values: Array<V | undefined> = new Array(keys.length);
    const missing: string[] = [];
    const at: number[] = [];
    for (let i = 0; i < keys.length; i++) {
      const kept = this.entries.get(keys[i]);
      if (kept && kept.expires > now) values[i] = kept.value;
      else {
        missing.push(keys[i]);
        at.push(i);
      }
    }
    if (!missing.length) return values;
    const generation = this.generation;
    const found = await read(missing);
    for (let j = 0; j < missing.length; j++) {
      values[at[j]] = found[j];
      if (found[j] !== undefined && this.unchangedSince(missing[j], generation))
        this.keep(missing[j], found[j] as V, missing[j], now + this.ttlMs);
    }
    return values;
  }

  /** An announcement: the entries of `tag` are dropped, and what reads in flight find for it is not kept. */
  invalidate(tag: string): void {
    this.changedAt.set(tag, ++this.generation);
    if (this.changedAt.size > MAX_CHANGED_TAGS) {
      // reads in flight now keep nothing, whatever their tag
      this.changedAt.clear();
      this.forgottenAt = this.generation;
    }
    for (const key of this.keysOfTag.get(tag) ?? []) this.entries.delete(key);
    this.keysOfTag.delete(tag);
  }

  clear(): void {
    this.forgottenAt = ++this.generation;
    this.changedAt.clear();
    this.entries.clear();
    this.keysOfTag.clear();
    this.reading.clear();
  }

  /** How many values are kept (for tests). */
  get size(): number {
    return this.entries.size;
  }

  /** Whether nothing announced a change of `tag`, nor forgot everything, since `generation`. */
  private unchangedSince(tag: string, generation: number): boolean {
    return this.forgottenAt <= generation && (this.changedAt.get(tag) ?? 0) <= generation;
  }

  private keep(key: string, value: V, tag: string, expires: number): void {
    this.forget(key);
    this.entries.set(key, { value, tag, expires });
    const keys = this.keysOfTag.get(tag) ?? new Set<string>();
    keys.add(key);
    this.keysOfTag.set(tag, keys);
    // the oldest kept goes first
    if (this.entries.size > this.maxEntries) this.forget(this.entries.keys().next().value!);
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysOfTag.get(entry.tag);
    keys?.delete(key);
    if (keys && !keys.size) this.keysOfTag.delete(entry.tag);
  }
}
