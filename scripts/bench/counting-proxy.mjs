// A TCP proxy that counts the bytes a browser and the server exchange (bytes on the wire of a first visit).
// Chromium's own per-request figures leave out what its service worker fetches and, on some visits, whole responses,
// so the page's weight is counted here, under HTTP: every byte of every connection, headers included. A connection
// whose first request upgrades to a websocket is the live socket, counted apart (its pushes follow the simulator's
// pace, not the page's weight).
import { createServer, connect } from 'node:net';

const UPGRADE = /^upgrade:\s*websocket/im;

/** Starts a proxy on `port` to the server on `targetPort`; `counts()` reads the totals, `reset()` zeroes them. */
export async function startCountingProxy(port, targetPort) {
  let totals = emptyTotals();
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let kind = null;
    totals.connections++;
    client.on('data', (chunk) => {
      kind ??= UPGRADE.test(chunk.toString('latin1')) ? 'socket' : 'http';
      totals[kind].up += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      totals[kind ?? 'http'].down += chunk.length;
      client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    counts: () => structuredClone(totals),
    reset: () => (totals = emptyTotals()),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

function emptyTotals() {
  return { connections: 0, http: { up: 0, down: 0 }, socket: { up: 0, down: 0 } };
}
