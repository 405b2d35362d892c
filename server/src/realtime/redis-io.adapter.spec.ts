import { EventEmitter } from 'node:events';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { from, mergeAll, type Observable } from 'rxjs';
import type { Socket } from 'socket.io';
import { LIVE_UPDATES_UNAVAILABLE } from '@oddspulse/shared';
import type { RedisService } from '@oddspulse/core';
import { RedisIoAdapter } from './redis-io.adapter';

// How Nest's WebSocketsController hands results to the adapter: the handler's promise, flattened.
const transform = (result: unknown): Observable<unknown> =>
  from(Promise.resolve(result as Promise<Observable<unknown>>)).pipe(mergeAll());
const observableOf = (value: unknown) => from([value]);

function bind(callback: MessageMappingProperties['callback']) {
  const adapter = new RedisIoAdapter(undefined as never, {} as RedisService);
  jest.spyOn(adapter['logger'], 'error').mockImplementation(() => undefined);
  const socket = new EventEmitter() as unknown as Socket;
  adapter.bindMessageHandlers(
    socket,
    [{ message: 'subscribe', methodName: 'subscribe', callback, isAckHandledManually: false }],
    transform,
  );
  return { socket, logger: adapter['logger'] };
}

const acked = (socket: Socket, payload: unknown) =>
  new Promise((resolve) => (socket as unknown as EventEmitter).emit('subscribe', payload, resolve));

describe('RedisIoAdapter message handlers (every subscribe is acknowledged)', () => {
  it('answers the acknowledgement with what the handler returns', async () => {
    const { socket } = bind(async (data: unknown) => observableOf({ ok: true, echo: data }));
    expect(await acked(socket, { channel: 'scores' })).toEqual({ ok: true, echo: { channel: 'scores' } });
  });

  it('answers UNAVAILABLE and logs the error when the handler fails', async () => {
    const { socket, logger } = bind(async () => {
      throw new Error('redis down');
    });
    expect(await acked(socket, { channel: 'scores' })).toEqual({
      ok: false,
      code: 'UNAVAILABLE',
      message: LIVE_UPDATES_UNAVAILABLE,
    });
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'subscribe', err: expect.objectContaining({ message: 'redis down' }) }),
    );
  });

  it('answers UNAVAILABLE when the handler throws before returning a promise', async () => {
    const { socket } = bind(() => {
      throw new Error('sync failure');
    });
    expect(await acked(socket, {})).toEqual({ ok: false, code: 'UNAVAILABLE', message: LIVE_UPDATES_UNAVAILABLE });
  });
});
