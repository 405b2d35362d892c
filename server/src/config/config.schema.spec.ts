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
