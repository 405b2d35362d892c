import type { RealtimeEnvelope } from '@oddspulse/shared';
import { MetricsService } from '@oddspulse/core';
import { RelayedMessage, RoomBroadcaster } from './room-broadcaster';
import type { GatewayServer, GatewaySocket } from './sockets/socket-types';

const envelope = (text: string) =>
  ({
    seq: 7,
    epoch: 'mabc123',
    channel: 'odds',
    key: 'basketball_nba',
    at: '2026-11-21T12:00:00.000Z',
    type: 'board.diff',
    data: { text },
  }) as unknown as RealtimeEnvelope;
/** As the relay hears it: the publisher's JSON text. */
const relayed = (data: unknown) => new RelayedMessage(JSON.stringify(data));

/** A server whose rooms hold these socket ids, recording what is broadcast to a room on this process. */
function fakeServer(rooms: Record<string, string[]>) {
  const broadcasts: Array<{ room: string; event: string; data: unknown }> = [];
  const server = {
    sockets: { adapter: { rooms: new Map(Object.entries(rooms).map(([room, ids]) => [room, new Set(ids)])) } },
    local: {
      to: (room: string) => ({
        emit: (event: string, data: unknown) => broadcasts.push({ room, event, data }),
      }),
    },
  } as unknown as GatewayServer;
  return { server, broadcasts };
}

describe('RelayedMessage', () => {
  it('reads the seq from the text, and refuses text the publisher did not write', () => {
    const message = RelayedMessage.read(JSON.stringify(envelope('x')));
    expect(message?.seq).toBe(7);
    expect(message?.envelope).toEqual(envelope('x'));
    expect(RelayedMessage.read('{"channel":"odds","seq":7}')).toBeNull();
    expect(RelayedMessage.read('{"seq":"x",')).toBeNull();
    expect(RelayedMessage.read('not json')).toBeNull();
  });

  it('parses the text once, however many sockets are sent it', () => {
    const message = relayed(envelope('x'));
    const parse = jest.spyOn(JSON, 'parse');
    expect(message.envelope).toBe(message.envelope);
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
  });
});

describe('RoomBroadcaster', () => {
  const broadcaster = (metrics = new MetricsService()) => new RoomBroadcaster(metrics);

  it("broadcasts to the room's sockets on this process only, once, as the event the client hears", () => {
    const { server, broadcasts } = fakeServer({ 'odds:basketball_nba': ['a', 'b'], 'odds:icehockey_nhl': ['c'] });
    const message = envelope('price');
    broadcaster().emit(server, 'odds:basketball_nba', relayed(message));
    expect(broadcasts).toEqual([{ room: 'odds:basketball_nba', event: 'message', data: message }]);
  });

  it('sends nothing to a room nobody on this process is in', () => {
    const { server, broadcasts } = fakeServer({});
    broadcaster().emit(server, 'odds:basketball_nba', relayed(envelope('price')));
    expect(broadcasts).toEqual([]);
  });

  it('sends one socket being caught up the same event', () => {
    const socket = { emit: jest.fn() } as unknown as GatewaySocket;
    const message = envelope('price');
    broadcaster().send(socket, relayed(message));
    expect(socket.emit).toHaveBeenCalledWith('message', message);
  });

  // oddspulse_socket_deliveries_total counts each message once per socket it reached, by channel.
  it('counts one delivery per socket of the room, by the channel its room names', async () => {
    const metrics = new MetricsService();
    const { server } = fakeServer({ 'odds:basketball_nba': ['a', 'b', 'c'] });
    broadcaster(metrics).emit(server, 'odds:basketball_nba', relayed(envelope('price')));
    broadcaster(metrics).emit(server, 'scores:nobody-listens', relayed(envelope('price')));
    const { values } = await metrics.socketDeliveries.get();
    expect(values).toEqual([{ value: 3, labels: { channel: 'odds' } }]);
  });
});
