import type { RealtimeEnvelope } from '@oddspulse/shared';
import { eventFrame, RoomBroadcaster } from './room-broadcaster';
import type { GatewayServer } from './socket-types';

const envelope = (text: string) => ({ seq: 7, channel: 'odds', sport: 'basketball_nba', at: '2026-11-21T12:00:00.000Z', type: 'board.diff', data: { text } }) as unknown as RealtimeEnvelope;

/** Reads a server frame back: FIN/opcode, the payload length it declares, and the socket.io event in it. */
function readFrame(frame: Buffer) {
  let length = frame[1] & 0x7f;
  let start = 2;
  if (length === 126) [length, start] = [frame.readUInt16BE(2), 4];
  else if (length === 127) [length, start] = [Number(frame.readBigUInt64BE(2)), 10];
  const text = frame.subarray(start).toString('utf8');
  // engine.io message ('4'), socket.io EVENT ('2') on the main namespace, no ack id: then the JSON array
  return { fin: frame[0] >> 7, opcode: frame[0] & 0x0f, masked: frame[1] >> 7, length, payloadBytes: frame.length - start, prefix: text.slice(0, 2), args: JSON.parse(text.slice(2)) as unknown };
}

function fakeSocket({ idle = true, writeBuffer = [] as unknown[], deflate = false, senderQueue = [] as unknown[] | null, wsState = 1 } = {}) {
  const tcp = { writable: true, write: jest.fn() };
  const socket = {
    emit: jest.fn(),
    conn: {
      readyState: 'open',
      writeBuffer,
      transport: {
        name: 'websocket',
        writable: idle,
        perMessageDeflate: deflate ? {} : undefined,
        socket: { readyState: wsState, _socket: tcp, _sender: senderQueue ? { _queue: senderQueue } : {} },
      },
    },
  };
  return { socket, tcp };
}

function fakeServer(rooms: Record<string, string[]>, sockets: Record<string, ReturnType<typeof fakeSocket>['socket']>) {
  return {
    sockets: { adapter: { rooms: new Map(Object.entries(rooms).map(([room, ids]) => [room, new Set(ids)])) }, sockets: new Map(Object.entries(sockets)) },
  } as unknown as GatewayServer;
}

describe('eventFrame (issue 6: one encoding per room)', () => {
  it.each([
    ['a short payload (7-bit length)', { n: 1 }, 2],
    ['a payload over 125 bytes (16-bit length)', envelope('é'.repeat(2_000)), 4],
    ['a payload over 64 KiB (64-bit length)', envelope('é'.repeat(70_000)), 10],
  ])('frames %s as one unmasked text frame socket.io decodes to the event', (_name, data, headerBytes) => {
    const encoded = eventFrame('message', data);
    const frame = readFrame(encoded);
    expect(frame).toMatchObject({ fin: 1, opcode: 1, masked: 0, prefix: '42' });
    expect(encoded.length - frame.payloadBytes).toBe(headerBytes);
    expect(frame.length).toBe(frame.payloadBytes);
    expect(frame.args).toEqual(['message', data]);
  });
});

describe('RoomBroadcaster', () => {
  const broadcaster = () => new RoomBroadcaster();

  it("writes the room's frame once encoded to every idle socket's connection", () => {
    const [a, b, elsewhere] = [fakeSocket(), fakeSocket(), fakeSocket()];
    const server = fakeServer({ 'odds:basketball_nba': ['a', 'b'], 'odds:icehockey_nhl': ['c'] }, { a: a.socket, b: b.socket, c: elsewhere.socket });
    const message = envelope('price');
    broadcaster().emit(server, 'odds:basketball_nba', message);
    expect(a.tcp.write).toHaveBeenCalledTimes(1);
    const written = a.tcp.write.mock.calls[0][0] as Buffer;
    expect(b.tcp.write.mock.calls[0][0]).toBe(written);
    expect(readFrame(written).args).toEqual(['message', message]);
    expect(elsewhere.tcp.write).not.toHaveBeenCalled();
    expect(a.socket.emit).not.toHaveBeenCalled();
  });

  // Writing past a queue would reorder: what engine.io or ws still holds must go out first.
  it.each([
    ['engine.io is still sending', { idle: false }],
    ['engine.io holds packets', { writeBuffer: [{ type: 'message' }] }],
    ['the connection compresses', { deflate: true }],
    ['ws holds frames', { senderQueue: [['frame']] }],
    ['the websocket is closing', { wsState: 2 }],
  ])('goes through engine.io when %s', (_name, state) => {
    const busy = fakeSocket(state);
    const message = envelope('price');
    broadcaster().emit(fakeServer({ room: ['x'] }, { x: busy.socket }), 'room', message);
    expect(busy.tcp.write).not.toHaveBeenCalled();
    expect(busy.socket.emit).toHaveBeenCalledWith('message', message);
  });

  it('goes through engine.io, and says so once, when engine.io or ws no longer keep what it relies on', () => {
    const subject = broadcaster();
    const warn = jest.spyOn(subject['logger'], 'warn').mockImplementation(() => undefined);
    const changed = fakeSocket({ senderQueue: null });
    const server = fakeServer({ room: ['x'] }, { x: changed.socket });
    subject.emit(server, 'room', envelope('a'));
    subject.emit(server, 'room', envelope('b'));
    expect(changed.tcp.write).not.toHaveBeenCalled();
    expect(changed.socket.emit).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
