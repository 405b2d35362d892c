// `npm run gift -- EMAIL` and `npm run billing:reconcile`: support staff's billing commands, with the same
// environment as `npm start` (.env, then the real environment), against the configured database, Redis and Stripe.
import { loadDotEnv, run } from './lib/stack.mjs';

const env = { ...loadDotEnv(), ...process.env };
if (run('npx', ['tsc', '-b', 'core', 'workers'], env) !== 0) process.exit(1);
process.exit(run(process.execPath, ['workers/dist/billing/billing-cli.js', ...process.argv.slice(2)], env));
