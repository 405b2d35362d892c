import { reactionsTopic, roomName, subscriptionTarget } from './socket-events';

describe('subscriptionTarget', () => {
  it('names a sport room for the sport channels', () => {
    expect(subscriptionTarget({ channel: 'odds', sport: 'basketball_nba' }, null)).toEqual({
      ok: true,
      channel: 'odds',
      key: 'basketball_nba',
    });
    expect(subscriptionTarget({ channel: 'arbitrage' }, 'u1')).toMatchObject({
      ok: false,
      message: 'The arbitrage channel needs a sport key',
    });
  });

  it('keys reactions by the encoded game key, so a key with colons cannot split the channel name', () => {
    const key = 'Boston Celtics|Miami Heat|2024-02-22T00:10:00Z';
    const target = subscriptionTarget({ channel: 'reactions', eventId: key }, null);
    expect(target).toEqual({ ok: true, channel: 'reactions', key: reactionsTopic(key) });
    expect(roomName('reactions', reactionsTopic(key))).not.toMatch(/:.*:/);
  });

  it("keys the user channel by the socket's own user, never by the request", () => {
    expect(subscriptionTarget({ channel: 'user', sport: 'someone-else' }, 'me')).toEqual({
      ok: true,
      channel: 'user',
      key: 'me',
    });
  });

  it('has one ops room, whatever the request names', () => {
    expect(subscriptionTarget({ channel: 'ops', sport: 'overview' }, 'me')).toEqual({
      ok: true,
      channel: 'ops',
      key: 'overview',
    });
    expect(subscriptionTarget({ channel: 'ops', sport: 'elsewhere' }, 'me')).toEqual({
      ok: true,
      channel: 'ops',
      key: 'overview',
    });
  });

  it('refuses unknown channels and a bad lastSeq', () => {
    expect(subscriptionTarget({ channel: 'casino' }, null)).toMatchObject({ ok: false });
    expect(subscriptionTarget({ channel: 'scores', sport: 'baseball_mlb', lastSeq: -1 }, null)).toMatchObject({
      ok: false,
    });
    expect(subscriptionTarget({ channel: 'scores', sport: 'baseball_mlb', lastSeq: 1.5 }, null)).toMatchObject({
      ok: false,
    });
    expect(subscriptionTarget('odds', null)).toMatchObject({ ok: false });
  });

  // A resubscribe names the epoch of its last seq
  it('takes an epoch as the publisher makes them, and refuses anything else', () => {
    expect(
      subscriptionTarget({ channel: 'scores', sport: 'baseball_mlb', lastSeq: 4, epoch: 'mi3k2x9a1b2c3d' }, null),
    ).toMatchObject({ ok: true });
    for (const epoch of [7, '', 'Not-An-Epoch', 'x'.repeat(33)]) {
      expect(subscriptionTarget({ channel: 'scores', sport: 'baseball_mlb', lastSeq: 4, epoch }, null)).toEqual({
        ok: false,
        message: 'epoch must be the epoch of a message received',
      });
    }
  });
});
