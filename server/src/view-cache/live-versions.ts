import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  LiveStateNotices,
  LiveStateRepository,
  RealtimeBus,
  RedisKeys,
  type BoardKind,
  type BoardStamp,
  type OpportunityKind,
} from '@oddspulse/core';
import { BusCache } from './bus-cache';
import { BusCaches } from './bus-caches';

/**
 * How long a version is served from memory at most: the backstop for a notice that never arrived (a write whose notice
 * was lost). While notices arrive, a version is as fresh as their pub/sub delivery, well under a millisecond.
 */
export const LIVE_VERSION_TTL_MS = 1_000;
/** Versions kept (a few per sport); past it the oldest go first. */
const MAX_VERSIONS = 1_000;

/**
 * The versions the view cache keys its answers by: each board's stamp (revision, `fetched_at`,
 * `stale_since`), each sport's opportunity revision, each scoreboard's revision, kept in process memory instead of
 * read from Redis on every request. Every write of them publishes a `live-state:changed` notice in the same atomic
 * step (LiveStateRepository), which drops the version here at once. While that topic is not heard (Redis away, a
 * subscription not confirmed yet) every version is read from Redis, as before, and what was kept is forgotten.
 */
@Injectable()
export class LiveVersions implements OnModuleInit, OnApplicationShutdown {
  private readonly stamps = new BusCache<BoardStamp | null>(LIVE_VERSION_TTL_MS, MAX_VERSIONS);
  private readonly revisions = new BusCache<string | null>(LIVE_VERSION_TTL_MS, MAX_VERSIONS);
  private readonly versions = new BusCaches([this.stamps, this.revisions]);
  private readonly changeListeners = new Set<(what: string) => void>();

  constructor(
    private readonly state: LiveStateRepository,
    private readonly bus: RealtimeBus,
  ) {}

  onModuleInit(): void {
    this.versions.listen(this.bus, 'live-versions', RedisKeys.liveStateChanged, (what) => {
      for (const listener of this.changeListeners) listener(what);
    });
  }

  /**
   * Hears every `live-state:changed` notice (a LiveStateNotices name) once the version it names is dropped here, so a
   * version read from the listener is the new one. Returns the function that stops it.
   */
  onChange(listener: (what: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Whether notices are heard now: only then is a version served from memory. */
  get hearing(): boolean {
    return this.versions.hearing;
  }

  /** LiveStateRepository.freshness: each board's stamp, in the order asked (null where a sport has no board). */
  boardStamps(kind: BoardKind, sports: readonly string[]): Promise<Array<BoardStamp | null>> {
    return this.read(
      this.stamps,
      sports.map((sport) => LiveStateNotices.board(kind, sport)),
      sports,
      (missing) => this.state.freshness(kind, missing),
    );
  }

  /** LiveStateRepository.opportunityRevisions: each sport's opportunity revision of a kind, in the order asked. */
  async opportunityRevisions(kind: OpportunityKind, sports: readonly string[]): Promise<string[]> {
    const revisions = await this.read(
      this.revisions,
      sports.map((sport) => LiveStateNotices.opportunities(kind, sport)),
      sports,
      (missing) => this.state.opportunityRevisions(kind, missing),
    );
    return revisions as string[];
  }

  /** LiveStateRepository.scoreboardRevision (null for a scoreboard written before revisions were counted). */
  async scoreboardRevision(sport: string): Promise<string | null> {
    const [revision] = await this.read(this.revisions, [LiveStateNotices.scoreboard(sport)], [sport], async ([one]) => [
      await this.state.scoreboardRevision(one),
    ]);
    return revision;
  }

  /** `keys[i]` names the version of `sports[i]`; those not kept are read together. */
  private async read<V>(
    cache: BusCache<V>,
    keys: readonly string[],
    sports: readonly string[],
    load: (sports: string[]) => Promise<V[]>,
  ): Promise<V[]> {
    return (await cache.getMany(keys, (missing) => load(missing.map((key) => sports[keys.indexOf(key)])))) as V[];
  }

  async onApplicationShutdown(): Promise<void> {
    await this.versions.close();
  }
}
