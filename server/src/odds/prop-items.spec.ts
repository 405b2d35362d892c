import { book, event, NOW } from '@oddspulse/shared/testing';
import { propItems } from './prop-items';

describe('propItems', () => {
  // spec 001 §5: a price beyond ±5000 locks the book's market of that player, both sides, as the odds table and the
  // engine read it (lockedDescriptions); the book's other players stay open
  it("locks a book's props per player when one of the player's prices is out of range", () => {
    const game = event([
      book('draftkings', {
        player_points: [
          ['Over', -110, 24.5, 'Jalen Brunson'],
          ['Under', 6000, 24.5, 'Jalen Brunson'],
          ['Over', -115, 20.5, 'Jayson Tatum'],
          ['Under', -105, 20.5, 'Jayson Tatum'],
        ],
      }),
    ]);
    expect(propItems(NOW)(game).map((item) => [item.player, item.ou, item.is_active])).toEqual([
      ['Jalen Brunson', 'Over', false],
      ['Jalen Brunson', 'Under', false],
      ['Jayson Tatum', 'Over', true],
      ['Jayson Tatum', 'Under', true],
    ]);
  });

  it('locks every player of a market whose last update is too old', () => {
    const game = event([
      book(
        'fanduel',
        {
          player_points: [
            ['Over', -110, 24.5, 'Jalen Brunson'],
            ['Under', -110, 24.5, 'Jalen Brunson'],
          ],
        },
        16 * 60_000,
      ),
    ]);
    expect(propItems(NOW)(game).map((item) => item.is_active)).toEqual([false, false]);
  });
});
