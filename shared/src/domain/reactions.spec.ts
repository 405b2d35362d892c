import {
  gameReactionsOf,
  groupReactions,
  parseDocumentsGameKey,
  parseReactionEmoji,
  reactionGameKey,
  reactorName,
  REACTION_EMOJI_NAMES,
} from './reactions';

describe('reactions', () => {
  // DECISIONS 22: fire, money, confident, thinking, nervous, electric
  it('has the six emojis of DECISIONS 22', () => {
    expect(REACTION_EMOJI_NAMES).toEqual(['fire', 'money', 'confident', 'thinking', 'nervous', 'electric']);
  });

  it('accepts a name or the character, nothing else', () => {
    expect(parseReactionEmoji('fire')).toBe('fire');
    expect(parseReactionEmoji('🔥')).toBe('fire');
    expect(parseReactionEmoji('⚡️')).toBe('electric');
    expect(parseReactionEmoji('😎')).toBe('confident');
    expect(parseReactionEmoji('👍')).toBeNull();
    expect(parseReactionEmoji(3)).toBeNull();
  });

  it('lists every emoji, empty or not', () => {
    const grouped = groupReactions([{ emoji: 'money', userId: 'a', username: 'amy' }]);
    expect(Object.keys(grouped)).toEqual(REACTION_EMOJI_NAMES);
    expect(grouped.money).toEqual([{ userId: 'a', username: 'amy' }]);
    expect(grouped.fire).toEqual([]);
  });

  // spec 002 §7: username, else the e-mail's local part, else 'Anonymous'
  it('names a reactor as the spec says', () => {
    expect(reactorName('sharp_sam', 'sam@x.io')).toBe('sharp_sam');
    expect(reactorName(null, 'sam@x.io')).toBe('sam');
    expect(reactorName(null, null)).toBe('Anonymous');
  });

  // DECISIONS 22
  it('keys a game by its event id, else by away, home and start time', () => {
    const game = { away_team: 'Kansas City Chiefs', home_team: 'Buffalo Bills', commence_time: '2026-11-21T18:00:00Z' };
    expect(reactionGameKey({ ...game, event_id: 'evt1' })).toBe('evt1');
    expect(reactionGameKey(game)).toBe('Kansas City Chiefs_Buffalo Bills_2026-11-21T18:00:00Z');
    expect(parseDocumentsGameKey(reactionGameKey(game))).toEqual({
      teams: 'Kansas City Chiefs_Buffalo Bills',
      start: new Date('2026-11-21T18:00:00Z'),
    });
    expect(parseDocumentsGameKey('6bde759afa450fe673e70e555be88ba4')).toBeNull();
    // one game, one key: other spellings of the same start are no gameKey
    for (const start of ['2026-11-21T13:00:00-05:00', 'Sat, 21 Nov 2026 18:00:00 GMT', '2026-11-21 18:00Z'])
      expect(parseDocumentsGameKey(`Kansas City Chiefs_Buffalo Bills_${start}`)).toBeNull();
  });

  it('groups the rows read by emoji, each reactor named', () => {
    const grouped = gameReactionsOf([
      { emoji: 'fire', userId: 'a', username: null, email: 'amy@x.io' },
      { emoji: 'fire', userId: 'b', username: 'bo', email: 'b@x.io' },
    ]);
    expect(grouped.fire).toEqual([
      { userId: 'a', username: 'amy' },
      { userId: 'b', username: 'bo' },
    ]);
  });
});
