import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * `npm run drill` cuts every PostgreSQL session of its database and every Redis connection named with its prefix: run
 * on defaults, that is the shared `oddspulse` database and prefix of whatever else runs on the machine.
 */
describe('npm run drill', () => {
  it.each(['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX'])(
    'refuses to run without %s, and says how to drill a stack of its own',
    (name) => {
      // an empty value in the environment stands over one in a checkout's .env, as an unset one would not
      const env = {
        ...process.env,
        DATABASE_URL: 'postgres://127.0.0.1:1/none',
        REDIS_URL: 'redis://127.0.0.1:1',
        REDIS_PREFIX: 'none',
        [name]: '',
      };
      const drill = spawnSync(process.execPath, [join(ROOT, 'scripts', 'drill.mjs')], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      });
      expect(drill.status).toBe(2);
      expect(drill.stderr).toContain(`needs that stack's ${name}`);
      expect(drill.stderr).toContain('npm run drill -- --own-stack');
    },
  );
});
