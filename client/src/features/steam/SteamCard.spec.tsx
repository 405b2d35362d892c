/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { staleBook, steamAlert } from '@oddspulse/shared/testing';
import type { SteamAlert } from '@oddspulse/shared';
import { SteamCard } from './SteamCard';

const NOW = Date.parse('2026-01-10T18:00:00Z');

// DECISIONS 34: a stale book whose line is taken down has not caught up. The card keeps it, at the price it stood at,
// marked "Taken down" as the line movement table marks a line taken down, with nothing to open; an alert whose every
// book is down says so.
describe('a steam card with a book whose line is taken down', () => {
  let root: Root;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => act(() => root.unmount()));

  const render = (alert: SteamAlert) =>
    act(() => root.render(<SteamCard item={{ alert, status: 'current', since: NOW }} now={NOW} />));
  const rows = () =>
    [...document.querySelectorAll('[data-testid=steam-stale-book]')].map((row) => ({
      book: row.getAttribute('data-book'),
      down: row.getAttribute('data-down'),
      cells: [...row.querySelectorAll('td')].map((cell) => cell.textContent),
      opens: row.querySelector('[data-testid=open-in-book]') !== null,
    }));
  const allDown = () => document.querySelector('[data-testid=steam-all-down]')?.textContent ?? null;
  const down = (book: string, price: number, evPct: number) => ({ ...staleBook(book, price, evPct), down: true });

  it('keeps a down book at the price it last stood at, marked taken down, with nothing to open', () => {
    render(
      steamAlert({ staleBooks: [staleBook('fanduel', -155, 2.54), down('draftkings', -150, 3.88)], bestEvPct: 2.54 }),
    );
    expect(rows()).toEqual([
      { book: 'fanduel', down: null, cells: ['fanduel', 'Los Angeles Lakers', '-155', '+2.54%'], opens: true },
      {
        book: 'draftkings',
        down: 'true',
        cells: ['draftkings', 'Los Angeles Lakers', 'Taken down (was -150)', '+3.88%'],
        opens: false,
      },
    ]);
    expect(allDown()).toBeNull();
  });

  it('says when every book left at the old price has its line taken down', () => {
    render(steamAlert({ staleBooks: [down('draftkings', -150, 3.88), down('fanduel', -155, 2.54)], bestEvPct: 3.88 }));
    expect(rows().map((r) => [r.book, r.down, r.opens])).toEqual([
      ['draftkings', 'true', false],
      ['fanduel', 'true', false],
    ]);
    expect(allDown()).toBe(
      'Every book still at the old price has its line taken down: none can be bet until one puts it back.',
    );
  });

  // An alert stored before books were kept while down has no `down`: every book is bettable, as before.
  it('shows every book of an alert without `down` as bettable', () => {
    render(steamAlert());
    expect(rows().map((r) => [r.book, r.down, r.cells[2], r.opens])).toEqual([
      ['draftkings', null, '-150', true],
      ['fanduel', null, '-155', true],
    ]);
    expect(allDown()).toBeNull();
  });
});
