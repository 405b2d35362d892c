import { dailyFindings, JobName, type AlertsEvaluatePayload, type OpportunityUpdate } from '@oddspulse/shared';
import {
  MetricsService,
  type AlertRoom,
  type AlertsOutboxRepository,
  type JobQueueService,
  type OpportunityCountersRepository,
} from '@oddspulse/core';
import { middleOpportunity } from '@oddspulse/shared/testing';
import { AlertBatches } from './alert-batches';

const update = (action: OpportunityUpdate['action'], opportunity?: object): OpportunityUpdate => ({
  action,
  id: 'x',
  event_id: 'e',
  board: 'odds',
  time_found: '2026-01-10T18:00:00.000Z',
  expires_in: action === 'gone' ? 0 : 1800,
  opportunity,
});

/** The day's counters: what each call was given to count, all of it counted. */
function memoryCounters() {
  const record = jest.fn(async (_kind: string, findings: readonly unknown[]) => findings.length);
  return { counters: { record } as unknown as OpportunityCountersRepository, record };
}

/** The alerts outbox as Redis keeps it, in memory: each room's entries in order, taken off by id. */
function memoryOutbox() {
  const streams = new Map<string, Array<{ id: string; data: string }>>();
  let ids = 0;
  const outbox = {
    append: (room: AlertRoom, batch: object) => [room, JSON.stringify(batch)] as const,
    waiting: async (rooms: AlertRoom[]) => rooms.map((room) => streams.get(room)?.length ?? 0),
    entries: async (room: AlertRoom, _sport: string, count: number) =>
      (streams.get(room) ?? []).slice(0, count).map(({ id, data }) => ({ id, batch: JSON.parse(data) as unknown })),
    acknowledge: async (room: AlertRoom, _sport: string, taken: string[]) =>
      void streams.set(
        room,
        (streams.get(room) ?? []).filter((e) => !taken.includes(e.id)),
      ),
  };
  /** What a saving step would write: the entries handOff answered. */
  const write = (appends: ReadonlyArray<readonly [string, string]>) => {
    for (const [room, data] of appends) streams.set(room, [...(streams.get(room) ?? []), { id: String(++ids), data }]);
  };
  return { outbox: outbox as unknown as AlertsOutboxRepository, write, streams };
}

// "the workers evaluate them when detection finds or updates an opportunity (never per socket,
// never per request)": one typed job per published batch, with its new and updated opportunities only, handed off in
// the step that saves the batch and queued from there.
/** AlertBatches queueing on `add`, handing off through `outbox`, counting on `counters`. */
function alertBatches(
  outbox: AlertsOutboxRepository,
  add: jest.Mock = jest.fn(),
  counters = memoryCounters().counters,
): AlertBatches {
  return new AlertBatches({ add } as unknown as JobQueueService, outbox, counters, new MetricsService());
}

describe('AlertBatches', () => {
  it('hands off a batch with its new and updated opportunities and queues it as one evaluation job', async () => {
    const add = jest.fn().mockResolvedValue(undefined);
    const { outbox, write, streams } = memoryOutbox();
    const batches = alertBatches(outbox, add);
    const found = middleOpportunity();
    const moved = middleOpportunity({ id: 'mid-2' });
    write(
      batches.handOff('middles', 'basketball_nba', 1000, [
        update('new', found),
        update('updated', moved),
        update('gone'),
      ]),
    );
    expect(await batches.waiting(['arbitrage', 'middles', 'ev'], 'basketball_nba')).toEqual(['middles']);
    await batches.handOver(['middles'], 'basketball_nba');
    expect(add).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenCalledWith(
      JobName.AlertsEvaluate,
      { kind: 'middle', sport: 'basketball_nba', at: 1000, opportunities: [found, moved] },
      { attempts: 3 },
    );
    expect(streams.get('middles')).toEqual([]);
  });

  // DECISIONS 17: what a batch adds to "found today" is counted as it is queued, from the entry saved with it, so a run
  // that stopped after the save is counted by the next; counting again is harmless (each opportunity once a day).
  it("counts a batch's findings for the landing page as it queues it", async () => {
    const add = jest.fn().mockResolvedValue(undefined);
    const { outbox, write } = memoryOutbox();
    const { counters, record } = memoryCounters();
    const batches = alertBatches(outbox, add, counters);
    // a middle of the size the defaults show (3 points, 15 %: MIDDLE_DEFAULTS)
    const found = middleOpportunity({ gap: 3, middleRange: { low: 220.5, high: 223.5 } });
    write(batches.handOff('middles', 'basketball_nba', 1000, [update('new', found), update('gone')]));
    await batches.handOver(['middles'], 'basketball_nba');
    expect(record).toHaveBeenCalledWith('middles', dailyFindings('middles', [update('new', found)]));
    expect(record.mock.calls[0][1]).toHaveLength(1);
  });

  it('hands off nothing for a batch of gone opportunities', () => {
    const { outbox } = memoryOutbox();
    const batches = alertBatches(outbox);
    expect(batches.handOff('arbitrage', 'basketball_nba', 1000, [update('gone')])).toEqual([]);
  });

  it('keeps what the queue refused for the next hand-over, which queues it with what came since', async () => {
    const add = jest.fn().mockRejectedValueOnce(new Error('Redis away')).mockResolvedValue(undefined);
    const { outbox, write, streams } = memoryOutbox();
    const batches = alertBatches(outbox, add);
    const first = middleOpportunity();
    const second = middleOpportunity({ id: 'mid-2' });
    write(batches.handOff('middles', 'basketball_nba', 1000, [update('new', first)]));
    await expect(batches.handOver(['middles'], 'basketball_nba')).rejects.toThrow('Redis away');
    expect(streams.get('middles')).toHaveLength(1);
    write(batches.handOff('middles', 'basketball_nba', 2000, [update('new', second)]));
    await batches.handOver(['middles'], 'basketball_nba');
    expect(add).toHaveBeenLastCalledWith(
      JobName.AlertsEvaluate,
      { kind: 'middle', sport: 'basketball_nba', at: 2000, opportunities: [first, second] },
      { attempts: 3 },
    );
    expect(streams.get('middles')).toEqual([]);
  });

  // docs/api.md "Alerts": price targets are checked on every change of their game, handed off with the board's save.
  it("queues the events an odds board's saves changed as one price-target check, each event once", async () => {
    const add = jest.fn().mockResolvedValue(undefined);
    const { outbox, write, streams } = memoryOutbox();
    const batches = alertBatches(outbox, add);
    expect(batches.priceTargetHandOff('basketball_nba', 1000, [])).toEqual([]);
    write(batches.priceTargetHandOff('basketball_nba', 1000, ['g1', 'g2']));
    write(batches.priceTargetHandOff('basketball_nba', 2000, ['g2', 'g3']));
    expect(await batches.waiting(['arbitrage', 'odds'], 'basketball_nba')).toEqual(['odds']);
    await batches.handOver(['odds'], 'basketball_nba');
    expect(add.mock.calls).toEqual([
      [
        JobName.AlertsPriceTargets,
        { sport: 'basketball_nba', at: 2000, eventIds: ['g1', 'g2', 'g3'] },
        { attempts: 3 },
      ],
    ]);
    expect(streams.get('odds')).toEqual([]);
  });

  it('queues a backlog in jobs of 50 batches, reading the outbox once per job', async () => {
    const add = jest.fn().mockResolvedValue(undefined);
    const { outbox, write, streams } = memoryOutbox();
    const entries = jest.spyOn(outbox, 'entries');
    const batches = alertBatches(outbox, add);
    for (let at = 1; at <= 120; at++)
      write(batches.handOff('middles', 'basketball_nba', at, [update('new', middleOpportunity({ id: `mid-${at}` }))]));
    await batches.handOver(['middles'], 'basketball_nba');
    expect(add.mock.calls.map(([, job]) => (job as AlertsEvaluatePayload).opportunities.length)).toEqual([50, 50, 20]);
    expect(entries).toHaveBeenCalledTimes(3);
    expect(streams.get('middles')).toEqual([]);
  });
});
