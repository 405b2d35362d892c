import { staleBook, steamAlert } from '../testing/alert-opportunities';
import { steamAlertAmong } from './steam';

// api.md "Steam" and "Alerts": an alert as a bettor who takes only some books sees it
describe('steamAlertAmong', () => {
  const alert = steamAlert({
    staleBooks: [
      staleBook('draftkings', -150, 3.88),
      staleBook('fanduel', -155, 2.54),
      staleBook('betmgm', -155, 2.54),
    ],
    bestEvPct: 3.88,
  });

  it('keeps the stale books taken, best first, and reads its figure from the best of them', () => {
    const among = steamAlertAmong(alert, (book) => book !== 'draftkings');
    expect(among?.staleBooks.map((b) => b.book)).toEqual(['fanduel', 'betmgm']);
    expect(among?.bestEvPct).toBe(2.54);
  });

  it('is the alert itself when every stale book is taken, and null when none is', () => {
    expect(steamAlertAmong(alert, () => true)).toBe(alert);
    expect(steamAlertAmong(alert, (book) => book === 'pinnacle')).toBeNull();
  });
});
