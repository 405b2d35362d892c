import { staleBook, steamAlert } from '@oddspulse/shared/testing';
import {
  applySteam,
  EXPIRED_SHOWN_MS,
  hiddenSteam,
  initialSteam,
  settleSteam,
  sinceLabel,
  steamForBooks,
} from './steam-feed';

const NOW = Date.parse('2026-01-10T18:00:00Z');

// The Steam list (DECISIONS 34): raised alerts first and highlighted, updated in place, expired ones say why for a minute.
describe('the Steam list', () => {
  const raised = steamAlert({ id: 'steam:new', timeFound: '2026-01-10T18:02:00.000Z' });

  it('adds a raised alert first, changes an updated one in place, and marks an expired one', () => {
    const list = initialSteam([steamAlert()], NOW);
    const added = applySteam(list, { type: 'steam:alert', data: { alert: raised } }, NOW + 1000);
    expect(added.map((i) => [i.alert.id, i.status])).toEqual([
      ['steam:new', 'new'],
      [steamAlert().id, 'current'],
    ]);
    const fewer = { ...raised, staleBooks: [staleBook('fanduel', -155, 2.54)] };
    const updated = applySteam(added, { type: 'steam:update', data: { alert: fewer } }, NOW + 2000);
    expect(updated[0]).toEqual({ alert: fewer, status: 'updated', since: NOW + 2000 });
    const ended = { ...fewer, status: 'expired' as const, expiry: 'caught_up' as const, staleBooks: [] };
    const expired = applySteam(updated, { type: 'steam:expired', data: { alert: ended } }, NOW + 3000);
    expect(expired[0]).toEqual({ alert: ended, status: 'expired', since: NOW + 3000 });
    // an expiry of an alert the list never had adds nothing
    expect(applySteam(list, { type: 'steam:expired', data: { alert: ended } }, NOW)).toEqual(list);
    // a minute later it is gone, and the highlight of the other ended long before
    expect(settleSteam(expired, NOW + 3000 + EXPIRED_SHOWN_MS).map((i) => [i.alert.id, i.status])).toEqual([
      [steamAlert().id, 'current'],
    ]);
  });

  it('shows each alert with the stale books at the user’s books, and counts those it hides', () => {
    const list = initialSteam([steamAlert(), { ...raised, staleBooks: [staleBook('betrivers', -110, 1.2)] }], NOW);
    const mine = steamForBooks(list, ['fanduel', 'betmgm']);
    expect(mine.map((i) => [i.alert.id, i.alert.staleBooks.map((b) => b.book), i.alert.bestEvPct])).toEqual([
      [steamAlert().id, ['fanduel'], 2.54],
    ]);
    expect(hiddenSteam(list, ['fanduel', 'betmgm'])).toBe(1);
    expect(steamForBooks(list, []).map((i) => i.alert.id)).toEqual(['steam:new', steamAlert().id]);
    expect(hiddenSteam(list, [])).toBe(0);
  });

  it('says how long ago a move began', () => {
    expect(sinceLabel('2026-01-10T17:59:15.000Z', NOW)).toBe('45s');
    expect(sinceLabel('2026-01-10T17:57:55.000Z', NOW)).toBe('2m 05s');
    expect(sinceLabel('2026-01-10T16:55:00.000Z', NOW)).toBe('1h 05m');
  });
});
