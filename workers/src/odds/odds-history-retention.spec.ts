import { PARTITION_DAYS_AHEAD, retentionPlan } from './odds-history-retention.service';

const part = (name: string, from: string | null, to: string) => ({
  name,
  from: from ? new Date(from) : null,
  to: new Date(to),
});

// Which day partitions one run makes and which it may drop (14 whole days kept besides today).
describe('retentionPlan', () => {
  const now = new Date('2031-03-20T23:59:00Z');

  it('makes today and the days ahead, in UTC days', () => {
    const { days } = retentionPlan([], now, 14);
    expect(days).toHaveLength(PARTITION_DAYS_AHEAD + 1);
    expect(days.map((d) => d.toISOString())).toEqual([
      '2031-03-20T00:00:00.000Z',
      '2031-03-21T00:00:00.000Z',
      '2031-03-22T00:00:00.000Z',
    ]);
  });

  it('expires only partitions wholly before the last kept day, the legacy one included', () => {
    const partitions = [
      part('odds_history_legacy', null, '2031-03-01T00:00:00Z'),
      part('odds_history_p20310305', '2031-03-05T00:00:00Z', '2031-03-06T00:00:00Z'),
      part('odds_history_p20310306', '2031-03-06T00:00:00Z', '2031-03-07T00:00:00Z'),
      part('odds_history_p20310320', '2031-03-20T00:00:00Z', '2031-03-21T00:00:00Z'),
    ];
    expect(retentionPlan(partitions, now, 14).expired.map((p) => p.name)).toEqual([
      'odds_history_legacy',
      'odds_history_p20310305',
    ]);
    expect(retentionPlan(partitions, now, 1).expired.map((p) => p.name)).toEqual([
      'odds_history_legacy',
      'odds_history_p20310305',
      'odds_history_p20310306',
    ]);
  });
});
