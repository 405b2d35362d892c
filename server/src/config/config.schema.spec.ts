import { ConfigError, parseConfig } from './config.schema';

// DEVELOPERS.md / issue #2: config validated at boot; one line naming the variable; placeholders refused in production.
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
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'change-me-change-me-change-me-change-me' })).toThrow('placeholder');
  });

  it('turns demo mode off in production and refuses it when forced on (DECISIONS 7)', () => {
    const secret = 'k3J9xQv7Lm2Pz8Rt5Wy1Bn4Hc6Df0GsA';
    expect(parseConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).DEMO_MODE).toBe(false);
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DEMO_MODE: 'true' })).toThrow('DEMO_MODE');
  });
});

// Issue 5: account settings and their production rules.
describe('parseConfig: accounts', () => {
  const secret = 'k3J9xQv7Lm2Pz8Rt5Wy1Bn4Hc6Df0GsA';

  it('defaults the token lifetimes, the free quota and the rate limits', () => {
    expect(parseConfig({})).toMatchObject({ ACCESS_TOKEN_TTL_SECONDS: 900, FREE_MONTHLY_QUOTA: 250, RATE_LIMIT_MAX: 600, RATE_LIMIT_LOGIN_MAX: 10 });
  });

  it('refuses a placeholder OAuth secret in production, and OAuth without PUBLIC_URL', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: secret, GOOGLE_CLIENT_ID: 'id' };
    expect(() => parseConfig({ ...base, GOOGLE_CLIENT_SECRET: 'change-me', PUBLIC_URL: 'https://odds.example' })).toThrow('GOOGLE_CLIENT_SECRET is a placeholder');
    expect(() => parseConfig({ ...base, GOOGLE_CLIENT_SECRET: 'GOCSPX-real' })).toThrow('PUBLIC_URL is required');
    expect(parseConfig({ ...base, GOOGLE_CLIENT_SECRET: 'GOCSPX-real', PUBLIC_URL: 'https://odds.example' }).GOOGLE_CLIENT_SECRET).toBe('GOCSPX-real');
  });

  it('accepts only smtp URLs for mail', () => {
    expect(() => parseConfig({ SMTP_URL: 'http://mail' })).toThrow('SMTP_URL');
    expect(parseConfig({ SMTP_URL: 'smtp://user:pass@mail.example:587' }).SMTP_URL).toBe('smtp://user:pass@mail.example:587');
  });
});

// The simulator's per-sport clock (SIMULATOR_SPORT_TIME_SCALES): sport=scale pairs, simulated sports only.
describe('parseConfig: simulator', () => {
  it('reads per-sport time scales, none by default', () => {
    expect(parseConfig({}).SIMULATOR_SPORT_TIME_SCALES).toEqual({});
    expect(parseConfig({ SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl=120, soccer_epl = 2.5' }).SIMULATOR_SPORT_TIME_SCALES).toEqual({ icehockey_nhl: 120, soccer_epl: 2.5 });
  });

  it('names the variable and the fault: a malformed pair, a sport the simulator does not play, a scale that is not positive', () => {
    expect(() => parseConfig({ SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl:120' })).toThrow(
      'Invalid configuration: SIMULATOR_SPORT_TIME_SCALES must be sport=scale pairs separated by commas (e.g. icehockey_nhl=120), not "icehockey_nhl:120"',
    );
    expect(() => parseConfig({ SIMULATOR_SPORT_TIME_SCALES: 'cricket_ipl=10' })).toThrow('SIMULATOR_SPORT_TIME_SCALES names cricket_ipl, which the simulator does not play');
    expect(() => parseConfig({ SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl=0' })).toThrow('SIMULATOR_SPORT_TIME_SCALES gives icehockey_nhl the scale "0"; a scale is a positive number');
    expect(() => parseConfig({ SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl=fast' })).toThrow('a scale is a positive number');
  });
});

// spec 000 §2 footer and account page "social links": configuration, since the product has no accounts of its own.
describe('parseConfig: SOCIAL_LINKS', () => {
  it('is empty unless configured, so no link is shown that leads nowhere', () => {
    expect(parseConfig({}).SOCIAL_LINKS).toEqual([]);
  });

  it('reads Label=URL pairs in order, keeping an = inside the URL', () => {
    expect(parseConfig({ SOCIAL_LINKS: ' X=https://x.com/oddspulse , YouTube=https://www.youtube.com/watch?v=abc ' }).SOCIAL_LINKS).toEqual([
      { label: 'X', url: 'https://x.com/oddspulse' },
      { label: 'YouTube', url: 'https://www.youtube.com/watch?v=abc' },
    ]);
  });

  it('refuses an entry without a label or with a URL that is not http(s), naming the variable', () => {
    expect(() => parseConfig({ SOCIAL_LINKS: 'https://x.com/oddspulse' })).toThrow(/^Invalid configuration: SOCIAL_LINKS must be Label=https:/);
    expect(() => parseConfig({ SOCIAL_LINKS: 'X=javascript:alert(1)' })).toThrow('SOCIAL_LINKS');
  });
});
