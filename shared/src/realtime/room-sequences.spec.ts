import type { RealtimeEnvelope } from './channels';
import { RoomSequences } from './room-sequences';

const message = (seq: number, epoch = 'e1'): RealtimeEnvelope => ({
  seq,
  epoch,
  channel: 'scores',
  key: 'basketball_nba',
  at: '',
  type: 'score.update',
  data: { games: [], removed: [] },
});

// Nothing lost, nothing applied twice (the client ignores seq ≤ its last)
describe('RoomSequences', () => {
  it('applies the next message, ignores repeats, and reports a gap to resubscribe from', () => {
    const rooms = new RoomSequences();
    rooms.subscribed({ ok: true, room: 'scores:basketball_nba', seq: 4, epoch: 'e1', replayed: 0, snapshot: false });
    expect(rooms.receive(message(4))).toBe('duplicate');
    expect(rooms.receive(message(5))).toBe('apply');
    expect(rooms.receive(message(5))).toBe('duplicate');
    expect(rooms.receive(message(7))).toBe('gap');
    expect(rooms.lastSeq('scores:basketball_nba')).toBe(5);
  });

  it('takes a snapshot as the new state, and a replay before the ack in order', () => {
    const rooms = new RoomSequences();
    rooms.snapshot({ channel: 'scores', key: 'basketball_nba', seq: 10, epoch: 'e1', at: '', data: null });
    expect(rooms.receive(message(9))).toBe('duplicate');
    expect(rooms.receive(message(11))).toBe('apply');
    const fresh = new RoomSequences();
    expect([1, 2, 3].map((n) => fresh.receive(message(n)))).toEqual(['apply', 'apply', 'apply']);
    fresh.subscribed({ ok: true, room: 'scores:basketball_nba', seq: 3, epoch: 'e1', replayed: 3, snapshot: false });
    expect(fresh.lastSeq('scores:basketball_nba')).toBe(3);
  });

  // Redis lost the channel's counter (a flush, a failover) and numbering started again at 1
  it('tells a new epoch apart from a duplicate, and resumes from the snapshot of the new epoch', () => {
    const rooms = new RoomSequences();
    for (let n = 1; n <= 40; n++) rooms.receive(message(n, 'old'));
    expect(rooms.receive(message(1, 'new'))).toBe('epoch');
    expect(rooms.receive(message(2, 'new'))).toBe('epoch');
    // the resubscribe names the old position, so the gateway knows a replay cannot serve it
    expect(rooms.resume('scores:basketball_nba')).toEqual({ lastSeq: 40, epoch: 'old' });
    rooms.snapshot({ channel: 'scores', key: 'basketball_nba', seq: 2, epoch: 'new', at: '', data: null });
    expect(rooms.receive(message(2, 'new'))).toBe('duplicate');
    expect(rooms.receive(message(3, 'new'))).toBe('apply');
    expect(rooms.position('scores:basketball_nba')).toEqual({ seq: 3, epoch: 'new' });
  });

  it('lets the first message start the epoch of a room joined while its channel was empty', () => {
    const rooms = new RoomSequences();
    rooms.subscribed({ ok: true, room: 'scores:basketball_nba', seq: 0, epoch: null, replayed: 0, snapshot: false });
    expect(rooms.resume('scores:basketball_nba')).toEqual({ lastSeq: 0 });
    expect(rooms.receive(message(1, 'first'))).toBe('apply');
    expect(rooms.receive(message(2, 'other'))).toBe('epoch');
    // an ack of another epoch than the one held (a fresh subscribe) takes the ack's position
    rooms.subscribed({ ok: true, room: 'scores:basketball_nba', seq: 7, epoch: 'other', replayed: 0, snapshot: false });
    expect(rooms.position('scores:basketball_nba')).toEqual({ seq: 7, epoch: 'other' });
  });

  it('names rooms as the caller does when it asks to', () => {
    const rooms = new RoomSequences();
    expect(
      rooms.receive(
        { ...message(3), channel: 'user', key: 'user-1', type: 'picks.settled', data: { count: 0, picks: [] } },
        'user',
      ),
    ).toBe('apply');
    expect(rooms.lastSeq('user')).toBe(3);
    expect(rooms.resume('nobody')).toEqual({});
  });
});
