import { resolve } from 'node:path';
import { ConfigError, opsRoleOf, parseConfig } from './config.schema';

// DEVELOPERS.md: config validated at boot; one line naming the variable; placeholders refused in production.
describe('parseConfig', () => {
  it('gives working defaults for local development, with demo mode on', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.NODE_ENV).toBe('development');
    expect(config.DEMO_MODE).toBe(true);
    expect(config.DATABASE_URL).toMatch(/^postgres:\/\//);
  });

  it('names the malformed variable in a single line', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    try {
      parseConfig({ DATABASE_URL: 'mysql://nope' });
    } catch (error) {
      expect((error as Error).message).toMatch(/^Invalid configuration: DATABASE_URL /);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '' }).PORT).toBe(3000);
  });

  it('refuses to start production without a real JWT secret', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow('JWT_SECRET is required in production');
    expect(() =>
      parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'change-me-change-me-change-me-change-me' }),
    ).toThrow('placeholder');
  });

  it('turns demo mode off in production and refuses it when forced on (DECISIONS 7)', () => {
    const secret = 'k3J9xQv7Lm2Pz8Rt5Wy1Bn4Hc6Df0GsA';
    expect(parseConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).DEMO_MODE).toBe(false);
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DEMO_MODE: 'true' })).toThrow('DEMO_MODE');
    // The dev outbox shows reset links on a page; production never has it.
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DEV_OUTBOX: '1' })).toThrow('DEV_OUTBOX');
  });
});

// Account settings and their production rules.
describe('parseConfig: accounts', () => {
  const secret = 'k3J9xQv7Lm2Pz8Rt5Wy1Bn4Hc6Df0GsA';

  it('defaults the token lifetimes, the free quota and the rate limits', () => {
    expect(parseConfig({})).toMatchObject({
      ACCESS_TOKEN_TTL_SECONDS: 900,
      FREE_MONTHLY_QUOTA: 250,
      RATE_LIMIT_MAX: 600,
      RATE_LIMIT_LOGIN_MAX: 10,
    });
  });

  it('refuses a placeholder OAuth secret in production, and OAuth without PUBLIC_URL', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: secret, GOOGLE_CLIENT_ID: 'id' };
    expect(() =>
      parseConfig({ ...base, GOOGLE_CLIENT_SECRET: 'change-me', PUBLIC_URL: 'https://odds.example' }),
    ).toThrow('GOOGLE_CLIENT_SECRET is a placeholder');
    expect(() => parseConfig({ ...base, GOOGLE_CLIENT_SECRET: 'GOCSPX-real' })).toThrow('PUBLIC_URL is required');
    expect(
      parseConfig({ ...base, GOOGLE_CLIENT_SECRET: 'GOCSPX-real', PUBLIC_URL: 'https://odds.example' })
        .GOOGLE_CLIENT_SECRET,
    ).toBe('GOCSPX-real');
  });

  // DECISIONS 33: local mail is written under the data folder, .data at the top of the checkout unless DATA_DIR says.
  it('puts the data folder at the top of the checkout, or where DATA_DIR says (made absolute)', () => {
    expect(parseConfig({}).DATA_DIR).toBe(resolve(__dirname, '..', '..', '..', '.data'));
    expect(parseConfig({ DATA_DIR: '/var/lib/oddspulse' }).DATA_DIR).toBe('/var/lib/oddspulse');
    expect(parseConfig({ DATA_DIR: 'local-data' }).DATA_DIR).toBe(resolve(process.cwd(), 'local-data'));
  });

  it('accepts only smtp URLs for mail', () => {
    expect(() => parseConfig({ SMTP_URL: 'http://mail' })).toThrow('SMTP_URL');
    expect(parseConfig({ SMTP_URL: 'smtp://user:pass@mail.example:587' }).SMTP_URL).toBe(
      'smtp://user:pass@mail.example:587',
    );
  });
});

// The simulator's per-sport clock (SIMULATOR_SPORT_TIME_SCALES): sport=scale pairs, simulated sports only.
describe('parseConfig: simulator', () => {
  it('reads per-sport time scales, none by default', () => {
    expect(parseConfig({}).SIMULATOR_SPORT_TIME_SCALES).toEqual({});
    expect(
      parseConfig({ SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl=120, soccer_epl = 2.5' }).SIMULATOR_SPORT_TIME_SCALES,
    ).toEqual({
      icehockey_nhl: 120,
      soccer_epl: 2.5,
    });
  });

  it('names the variable and the fault: a malformed pair, a sport the simulator does not play, a scale that is not positive', () => {
    expect(() => parseConfig({ SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl:120' })).toThrow(
      'Invalid configuration: SIMULATOR_SPORT_TIME_SCALES must be sport=scale pairs separated by commas (e.g. icehockey_nhl=120), not "icehockey_nhl:120"',
    );
    expect(() => parseConfig({ SIMULATOR_SPORT_TIME_SCALES: 'cricket_ipl=10' })).toThrow(
      'SIMULATOR_SPORT_TIME_SCALES names cricket_ipl, which the simulator does not play',
    );
    expect(() => parseConfig({ SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl=0' })).toThrow(
      'SIMULATOR_SPORT_TIME_SCALES gives icehockey_nhl the scale "0"; a scale is a positive number',
    );
    expect(() => parseConfig({ SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl=fast' })).toThrow(
      'a scale is a positive number',
    );
  });
});

// spec 000 §2 footer and account page "social links": configuration, since the product has no accounts of its own.
describe('parseConfig: SOCIAL_LINKS', () => {
  it('is empty unless configured, so no link is shown that leads nowhere', () => {
    expect(parseConfig({}).SOCIAL_LINKS).toEqual([]);
  });

  it('reads Label=URL pairs in order, keeping an = inside the URL', () => {
    expect(
      parseConfig({ SOCIAL_LINKS: ' X=https://x.com/oddspulse , YouTube=https://www.youtube.com/watch?v=abc ' })
        .SOCIAL_LINKS,
    ).toEqual([
      { label: 'X', url: 'https://x.com/oddspulse' },
      { label: 'YouTube', url: 'https://www.youtube.com/watch?v=abc' },
    ]);
  });

  it('refuses an entry without a label or with a URL that is not http(s), naming the variable', () => {
    expect(() => parseConfig({ SOCIAL_LINKS: 'https://x.com/oddspulse' })).toThrow(
      /^Invalid configuration: SOCIAL_LINKS must be Label=https:/,
    );
    expect(() => parseConfig({ SOCIAL_LINKS: 'X=javascript:alert(1)' })).toThrow('SOCIAL_LINKS');
  });
});

// Who has the operations roles, and the metrics' protection.
describe('parseConfig: operations', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'k3Jd9sLq0vPz7TnW2xYb5RcE8mUa4HfG' };

  it('names the ops and ops_viewer staff by email, compared as stored (trimmed, lower case)', () => {
    const config = parseConfig({
      OPS_EMAILS: ' Alice@Example.com ,bob@example.com',
      OPS_VIEWER_EMAILS: 'carol@example.com,bob@example.com',
    });
    expect(opsRoleOf('alice@example.com', config)).toBe('ops');
    expect(opsRoleOf('BOB@example.com', config)).toBe('ops');
    expect(opsRoleOf('carol@example.com', config)).toBe('ops_viewer');
    expect(opsRoleOf('dave@example.com', config)).toBeNull();
  });

  it('gives the demo operations account its role in demo mode only', () => {
    expect(opsRoleOf('ops@demo.local', parseConfig({}))).toBe('ops');
    expect(opsRoleOf('platinum@demo.local', parseConfig({}))).toBeNull();
    expect(opsRoleOf('ops@demo.local', parseConfig({ DEMO_MODE: 'false' }))).toBeNull();
    expect(opsRoleOf('ops@demo.local', parseConfig(production))).toBeNull();
  });

  it('needs METRICS_TOKEN for the workers metrics port, a long one, and a real one in production', () => {
    expect(() => parseConfig({ WORKERS_METRICS_PORT: '9464' })).toThrow(
      'METRICS_TOKEN is required when WORKERS_METRICS_PORT is set',
    );
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 24 characters');
    expect(parseConfig({ WORKERS_METRICS_PORT: '9464', METRICS_TOKEN: 'x'.repeat(32) }).WORKERS_METRICS_PORT).toBe(
      9464,
    );
    expect(() => parseConfig({ ...production, METRICS_TOKEN: 'change-me-change-me-change-me' })).toThrow(
      'METRICS_TOKEN is a placeholder',
    );
  });
});

// X-Forwarded-For counts only through the proxies named; off by default.
describe('parseConfig: TRUST_PROXY', () => {
  it('is off by default, so no client can choose its address', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a number of hops, or addresses, ranges and named ranges', () => {
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: 'loopback, 172.16.0.0/12,10.0.0.1, fd00::/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '172.16.0.0/12',
      '10.0.0.1',
      'fd00::/8',
    ]);
  });

  it('refuses trusting every hop, and anything it cannot read', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Invalid configuration: TRUST_PROXY cannot trust every hop/,
    );
    expect(() => parseConfig({ TRUST_PROXY: 'my-proxy.local' })).toThrow('TRUST_PROXY must be a number of hops');
  });
});

// Odds history is kept for a configurable number of days, 14 unless set.
describe('parseConfig: odds history retention', () => {
  it('keeps 14 days by default and reads whole days from 1 up', () => {
    expect(parseConfig({}).ODDS_HISTORY_RETENTION_DAYS).toBe(14);
    expect(parseConfig({ ODDS_HISTORY_RETENTION_DAYS: '3' }).ODDS_HISTORY_RETENTION_DAYS).toBe(3);
  });

  it('names the variable for no days, a fraction or text', () => {
    for (const value of ['0', '1.5', 'two weeks']) {
      expect(() => parseConfig({ ODDS_HISTORY_RETENTION_DAYS: value })).toThrow(
        /^Invalid configuration: ODDS_HISTORY_RETENTION_DAYS /,
      );
    }
  });

  it('reads REDIS_CLUSTER_NODES as host:port pairs (empty: the single Redis of REDIS_URL), and names a wrong one', () => {
    expect(parseConfig({}).REDIS_CLUSTER_NODES).toEqual([]);
    expect(parseConfig({ REDIS_CLUSTER_NODES: ' redis-1:6379, 10.0.0.12:7000 ' }).REDIS_CLUSTER_NODES).toEqual([
      { host: 'redis-1', port: 6379 },
      { host: '10.0.0.12', port: 7000 },
    ]);
    expect(() => parseConfig({ REDIS_CLUSTER_NODES: 'redis-1:6379,redis-2' })).toThrow(
      /REDIS_CLUSTER_NODES .*"redis-2"/,
    );
    expect(() => parseConfig({ REDIS_CLUSTER_NODES: 'redis-1:70000' })).toThrow(/REDIS_CLUSTER_NODES/);
  });
});
