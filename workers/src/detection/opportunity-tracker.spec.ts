import { trackOpportunities } from './opportunity-tracker';

const opp = (id: string, profitPct: number, timeFound = '2026-01-01T00:00:00.000Z') => ({
  id,
  eventId: 'e1',
  timeFound,
  expiresIn: 1800,
  ageSeconds: 3,
  profitPct,
});
const t0 = Date.parse('2026-01-01T00:00:00Z');

// Opportunity events new / updated / gone with time_found and expires_in (spec 001 §9: 30 min).
describe('trackOpportunities', () => {
  it('publishes a first sighting as new, found now, expiring in 30 minutes', () => {
    const { current, published } = trackOpportunities('odds', 'e1', [], [opp('a', 1.2)], t0);
    expect(published).toEqual([
      expect.objectContaining({
        action: 'new',
        id: 'a',
        board: 'odds',
        time_found: '2026-01-01T00:00:00.000Z',
        expires_in: 1800,
      }),
    ]);
    expect(current).toHaveLength(1);
  });

  it('keeps time_found, counts expires_in down, and publishes an update only when more than its age changed', () => {
    const first = trackOpportunities('odds', 'e1', [], [opp('a', 1.2)], t0).current;
    const later = t0 + 60_000;
    const same = trackOpportunities(
      'odds',
      'e1',
      first,
      [{ ...opp('a', 1.2, new Date(later).toISOString()), ageSeconds: 63 }],
      later,
    );
    expect(same.published).toEqual([]);
    expect(same.current[0]).toMatchObject({ time_found: '2026-01-01T00:00:00.000Z', expires_in: 1740 });
    const moved = trackOpportunities('odds', 'e1', first, [opp('a', 1.5)], later);
    expect(moved.published).toEqual([
      expect.objectContaining({ action: 'updated', id: 'a', time_found: '2026-01-01T00:00:00.000Z', expires_in: 1740 }),
    ]);
  });

  it('publishes gone when an opportunity is no longer found', () => {
    const first = trackOpportunities('odds', 'e1', [], [opp('a', 1.2)], t0).current;
    const { current, published } = trackOpportunities('odds', 'e1', first, [], t0 + 5000);
    expect(current).toEqual([]);
    expect(published).toEqual([
      { action: 'gone', id: 'a', event_id: 'e1', board: 'odds', time_found: '2026-01-01T00:00:00.000Z', expires_in: 0 },
    ]);
  });

  it('finds anew an arbitrage that crosses the published rates: new, with its clock started then', () => {
    const marked = trackOpportunities(
      'odds',
      'e1',
      [],
      [{ ...opp('a', -0.1), belowDefaultCommission: true as const }],
      t0,
    ).current;
    const later = t0 + 600_000;
    const published = trackOpportunities('odds', 'e1', marked, [opp('a', 0.4)], later);
    expect(published.published).toEqual([
      expect.objectContaining({ action: 'new', id: 'a', time_found: new Date(later).toISOString(), expires_in: 1800 }),
    ]);
  });
});
