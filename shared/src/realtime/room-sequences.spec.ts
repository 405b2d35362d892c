import type { RealtimeEnvelope } from './channels';
import { RoomSequences } from './room-sequences';

const message = (seq: number): RealtimeEnvelope => ({ seq, channel: 'scores', sport: 'basketball_nba', at: '', type: 'score.update', data: { games: [] } });

// issue 6: nothing lost, nothing applied twice (the client ignores seq ≤ its last)
describe('RoomSequences', () => {
  it('applies the next message, ignores repeats, and reports a gap to resubscribe from', () => {
    const rooms = new RoomSequences();
    rooms.subscribed({ ok: true, room: 'scores:basketball_nba', seq: 4, replayed: 0, snapshot: false });
    expect(rooms.receive(message(4))).toBe('duplicate');
    expect(rooms.receive(message(5))).toBe('apply');
    expect(rooms.receive(message(5))).toBe('duplicate');
    expect(rooms.receive(message(7))).toBe('gap');
    expect(rooms.lastSeq('scores:basketball_nba')).toBe(5);
  });

  it('takes a snapshot as the new state, and a replay before the ack in order', () => {
    const rooms = new RoomSequences();
    rooms.snapshot({ channel: 'scores', key: 'basketball_nba', seq: 10, at: '', data: null });
    expect(rooms.receive(message(9))).toBe('duplicate');
    expect(rooms.receive(message(11))).toBe('apply');
    const fresh = new RoomSequences();
    expect([1, 2, 3].map((n) => fresh.receive(message(n)))).toEqual(['apply', 'apply', 'apply']);
    fresh.subscribed({ ok: true, room: 'scores:basketball_nba', seq: 3, replayed: 3, snapshot: false });
    expect(fresh.lastSeq('scores:basketball_nba')).toBe(3);
  });
});
