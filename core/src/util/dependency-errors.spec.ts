import { DependencyUnavailableError, isDependencyDown } from './dependency-errors';

// A lost PostgreSQL or Redis connection is a dependency outage (503), anything else is not.
describe('isDependencyDown', () => {
  it.each([
    ['pg mid-query loss', new Error('Connection terminated unexpectedly')],
    ['pg pool connect time-out', new Error('timeout exceeded when trying to connect')],
    ['socket refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['socket reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    [
      'admin shutdown',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['connection exception class', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['ioredis closed', new Error('Connection is closed.')],
    ['ioredis offline', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    [
      'ioredis retries',
      Object.assign(
        new Error(
          'Reached the max retries per request limit (which is 2). Refer to "maxRetriesPerRequest" option for details.',
        ),
        {
          name: 'MaxRetriesPerRequestError',
        },
      ),
    ],
    ['found down before the call', new DependencyUnavailableError('Redis is not connected')],
    ['cluster: no node reachable', new Error('None of startup nodes is available')],
    [
      'cluster: a primary down',
      new Error('Too many Cluster redirections. Last error: ReplyError: CLUSTERDOWN The cluster is down'),
    ],
    ['cluster: a slot not served', new Error('CLUSTERDOWN Hash slot not served')],
    ['cluster: not ready, offline queue off', new Error("Cluster isn't ready and enableOfflineQueue options is false")],
    ['pg query_timeout: no answer', new Error('Query read timeout')],
    ['pg: a statement on the client its time-out ended', new Error('Client was closed and is not queryable')],
    ['statement_timeout', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    ['ioredis commandTimeout: no answer', new Error('Command timed out')],
    // PostgreSQL refusing a new connection to the database while the process runs (pg's error at connect)
    [
      'connections to the database not allowed',
      Object.assign(new Error('database "oddspulse" is not currently accepting connections'), {
        code: '55000',
        severity: 'FATAL',
      }),
    ],
    [
      'the database gone',
      Object.assign(new Error('database "oddspulse" does not exist'), { code: '3D000', severity: 'FATAL' }),
    ],
    [
      'the password no longer accepted',
      Object.assign(new Error('password authentication failed for user "oddspulse"'), {
        code: '28P01',
        severity: 'FATAL',
      }),
    ],
    [
      'the role gone',
      Object.assign(new Error('role "oddspulse" does not exist'), { code: '28000', severity: 'FATAL' }),
    ],
  ])('%s is a dependency outage', (_, error) => {
    expect(isDependencyDown(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    // the same SQLSTATE as a database not accepting connections, raised by a statement: a bug
    [
      'an object not in the state a statement needs',
      Object.assign(new Error('currval of sequence "picks_id_seq" is not yet defined in this session'), {
        code: '55000',
        severity: 'ERROR',
      }),
    ],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'Connection terminated'],
    ['nothing', undefined],
  ])('%s is not', (_, error) => {
    expect(isDependencyDown(error)).toBe(false);
  });
});
