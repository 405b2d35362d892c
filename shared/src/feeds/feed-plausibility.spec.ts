import { implausibleAnswer } from './feed-plausibility';

// An empty or mostly-invalid answer does not replace a board that had games.
describe('implausibleAnswer', () => {
  const open = { finished: false };
  const over = { finished: true };

  it('refuses an empty answer for a board with a game not over', () => {
    expect(implausibleAnswer({ kept: 0, dropped: 0 }, [over, open])).toBe(
      'Implausible answer: no events, while the last board had 2',
    );
  });

  it('accepts an empty answer when every game of the board is over, or there was no board', () => {
    expect(implausibleAnswer({ kept: 0, dropped: 0 }, [over, over])).toBeNull();
    expect(implausibleAnswer({ kept: 0, dropped: 0 }, null)).toBeNull();
    expect(implausibleAnswer({ kept: 0, dropped: 0 }, [])).toBeNull();
  });

  it('refuses an answer with as many unreadable entries as readable ones', () => {
    expect(implausibleAnswer({ kept: 3, dropped: 3 }, null)).toBe('Implausible answer: 3 of 6 entries unreadable');
    expect(implausibleAnswer({ kept: 0, dropped: 5 }, null)).toBe('Implausible answer: 5 of 5 entries unreadable');
  });

  it('accepts a smaller board and a few unreadable entries', () => {
    expect(
      implausibleAnswer({ kept: 4, dropped: 1 }, [open, open, open, open, open, open, open, open, open, open]),
    ).toBeNull();
  });
});
