import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { configSchema } from './config.schema';

// docker-compose.yml, read as Compose reads it (no Docker engine is needed): every setting of the configuration schema
// reaches the production containers, the production default stays production, and the demo profile is a demo.
const ROOT = join(__dirname, '..', '..', '..');
const composeText = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');

interface Service {
  profiles?: string[];
  env_file?: Array<{ path: string; required?: boolean }>;
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
}
const services = (parse(composeText) as { services: Record<string, Service> }).services;
const schemaVariables = Object.keys(configSchema.shape);
const documented = [...readFileSync(join(ROOT, '.env.example'), 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map(
  (m) => m[1],
);

const PRODUCTION_APP = ['setup', 'server', 'workers'];
const DEMO_APP = ['demo-setup', 'demo-workers', 'demo'];

/** Where the containers are not the checkout: a .env written for `npm start` has 127.0.0.1 and the checkout's folders. */
const SET_BY_COMPOSE = ['PORT', 'DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'CLIENT_DIST', 'DATA_DIR'];

/** Read by the schema but not for a deployed stack: compose never sets them (production refuses both). */
const NOT_APPLICABLE: Record<string, string> = {
  STRIPE_API_BASE_URL: 'points the Stripe SDK at a stand-in, for tests and stripe-mock',
  DEV_OUTBOX: 'shows every mail, reset links included, on a development page',
};

const environmentOf = (name: string) => services[name].environment ?? {};

describe('docker-compose.yml', () => {
  it('passes every variable the configuration reads to the production containers, or lists it as not applicable', () => {
    for (const name of PRODUCTION_APP) expect(services[name].env_file).toEqual([{ path: '.env', required: false }]);
    // Set in the services' environment, or read from .env through env_file: then .env.example must name it.
    const explicit = Object.keys(environmentOf('server'));
    const unaccounted = schemaVariables.filter(
      (v) => !explicit.includes(v) && !documented.includes(v) && !(v in NOT_APPLICABLE),
    );
    expect(unaccounted).toEqual([]);
  });

  it('sets only variables the configuration reads, the container-specific ones itself, and no not-applicable one', () => {
    for (const name of [...PRODUCTION_APP, ...DEMO_APP]) {
      const environment = environmentOf(name);
      expect(Object.keys(environment).filter((v) => !schemaVariables.includes(v))).toEqual([]);
      for (const variable of SET_BY_COMPOSE) expect(String(environment[variable] ?? '')).toMatch(/^[^$]+$/);
      expect(Object.keys(environment).filter((v) => v in NOT_APPLICABLE)).toEqual([]);
    }
    expect(environmentOf('setup')).toEqual(environmentOf('server'));
    expect(environmentOf('workers')).toEqual(environmentOf('server'));
  });

  it('keeps the production default: no profile, production mode, demo mode off, and every secret from the operator', () => {
    for (const name of ['postgres', 'redis', ...PRODUCTION_APP, 'prometheus', 'grafana'])
      expect(services[name].profiles).toBeUndefined();
    const environment = environmentOf('server');
    // Not `${NODE_ENV:-production}`: compose interpolates from .env, and .env.example's NODE_ENV is development.
    expect(environment.NODE_ENV).toBe('production');
    expect(environment.DEMO_MODE).toBe('${DEMO_MODE:-false}');
    for (const secret of ['JWT_SECRET', 'METRICS_TOKEN', 'STRIPE_SECRET_KEY', 'VAPID_PRIVATE_KEY'])
      expect(environment[secret]).toBe(`\${${secret}:-}`);
    // `${VAR:?}` is checked for every service, whatever profile runs, so it would stop the demo as well.
    expect(JSON.stringify(services)).not.toMatch(/\$\{\w+:?\?/);
  });

  it('runs the demo in its own profile: demo mode on the simulator, its own database, a generated JWT secret, never .env', () => {
    for (const name of ['demo-secrets', ...DEMO_APP]) expect(services[name].profiles).toEqual(['demo']);
    const demo = environmentOf('demo');
    expect(demo).toMatchObject({
      NODE_ENV: 'development',
      DEMO_MODE: 'true',
      ODDS_PROVIDER: 'simulator',
      SCORES_PROVIDER: 'simulator',
    });
    expect(demo.DATABASE_URL).not.toBe(environmentOf('server').DATABASE_URL);
    expect(demo.REDIS_PREFIX).not.toBe(environmentOf('server').REDIS_PREFIX);
    expect(demo.JWT_SECRET).toBeUndefined();
    for (const name of DEMO_APP) {
      expect(services[name].env_file).toBeUndefined();
      expect(environmentOf(name)).toEqual(demo);
    }
    expect(services['demo-setup'].depends_on?.['demo-secrets']).toEqual({
      condition: 'service_completed_successfully',
    });
    expect(services.demo.ports).toEqual(['${DEMO_PORT:-3000}:3000']);
  });
});
