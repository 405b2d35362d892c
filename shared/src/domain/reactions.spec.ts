import { groupReactions, parseReactionEmoji, reactorName, REACTION_EMOJI_NAMES } from './reactions';

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
});
