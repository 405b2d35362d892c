import net from 'node:net';

/**
 * Which spec opened each TCP socket, so the teardown can name the file and test behind a socket left open after the
 * run. The files run in band, in the process the global setup ran in, and Node's core modules are one object for every
 * file: the spec's name is left on `net` itself, where the global setup's hook on `Socket.prototype.connect` reads it.
 */
interface SpecMark {
  openingSpec?: string;
}

const OPENED_BY = Symbol.for('oddspulse.openedBy');

/** Called once by the global setup: every socket connected from then on records the spec that was running. */
export function recordSocketOpeners() {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    (this as unknown as Record<symbol, string | undefined>)[OPENED_BY] = (net as SpecMark).openingSpec;
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  };
}

/** The spec that was running when the socket connected ("file › test"), if the hook saw it. */
export function openedBy(socket: net.Socket): string | undefined {
  return (socket as unknown as Record<symbol, string | undefined>)[OPENED_BY];
}

/** Run in each spec file (setupFilesAfterEnv): marks the file, then each test, as the one opening sockets. */
export function markRunningSpec() {
  const mark = net as SpecMark;
  beforeAll(() => {
    mark.openingSpec = expect.getState().testPath ?? undefined;
  });
  beforeEach(() => {
    const { testPath, currentTestName } = expect.getState();
    mark.openingSpec = `${testPath} › ${currentTestName}`;
  });
  afterAll(() => {
    mark.openingSpec = `${expect.getState().testPath} (after all)`;
  });
}
