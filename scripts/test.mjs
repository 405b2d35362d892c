// `npm test`: build, then lint (ESLint with the package walls, Prettier, and a type check of every spec), unit (jest), integration (jest, real PostgreSQL and Redis, a database and a
// Redis prefix per run) and end-to-end (Playwright in Debian's headless Chromium against the running stack).
// Every suite runs even when an earlier one fails; the exit code is non-zero if any failed.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, build, run, startProcesses, throwawayStackEnv, waitForHealth } from './lib/stack.mjs';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
// `npm run test:e2e -- odds.e2e.ts --grep flashes`: what follows `--` goes to Playwright (spec files, --grep, --project).
const playwrightArgs = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];
const suites = only ? [only] : ['lint', 'unit', 'integration', 'e2e'];
// Debian's headless shell of Chromium where installed: the same build without the browser's own interface, what
// Playwright itself runs when headless. On two cores the suite took 15 minutes in the full browser, 8 in the shell.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
// `E2E_SHUFFLE_SEED=7 npm run test:e2e`: every spec file in an order drawn from the seed, one Playwright run each
// against the same stack, so a spec that leans on what another left behind fails. Playwright itself always runs the
// files in name order (files named on its command line only filter), hence one run per file.
const shuffleSeed = process.env.E2E_SHUFFLE_SEED;
const outDir = join(ROOT, '.tmp', 'test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const failedSuites = [];
/** End-to-end tests that failed once and passed on their retry (playwright.config.ts says why one retry): named at the end. */
const flakyTests = [];

/** The tests of a Playwright JSON report whose outcome was `flaky`, as `file:line title`. */
function flakyIn(report) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'flaky') found.push(`${spec.file}:${spec.line} [${test.projectName}] ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return found;
}

function count(file, read) {
  if (!existsSync(file)) return false;
  const { passed, failed } = read(JSON.parse(readFileSync(file, 'utf8')));
  totals.passed += passed;
  totals.failed += failed;
  return true;
}

function jestSuite(project) {
  const file = join(outDir, `${project}.json`);
  const extra = project === 'integration' ? ['--runInBand'] : [];
  const code = run('npx', ['jest', '--selectProjects', project, ...extra, '--json', `--outputFile=${file}`]);
  const counted = count(file, (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests + r.numRuntimeErrorTestSuites,
  }));
  if (code !== 0 || !counted) failedSuites.push(project);
}

/** The e2e spec files in an order drawn from the seed (mulberry32, then Fisher–Yates): the same seed, the same order. */
function shuffledSpecFiles(seed) {
  let state =
    [...String(seed)].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261) >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const files = readdirSync(join(ROOT, 'test', 'e2e'))
    .filter((name) => name.endsWith('.e2e.ts'))
    .sort();
  for (let i = files.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [files[i], files[j]] = [files[j], files[i]];
  }
  return files;
}

/** Fast checks first: a crossed package wall, unformatted code or a spec that no longer type-checks fails here. */
function lintSuite() {
  const steps = [
    ['npx', ['eslint', '.']],
    [
      'npx',
      [
        'prettier',
        '--check',
        '--log-level',
        'warn',
        '{shared,core,server,workers,client,test,scripts}/**/*.{ts,tsx,mjs}',
        '*.{js,mjs}',
      ],
    ],
    ['npx', ['tsc', '-p', 'tsconfig.tests.json']],
    ['npx', ['tsc', '-p', 'client/tsconfig.tests.json']],
  ];
  const failed = steps.filter(([command, args]) => run(command, args) !== 0);
  if (failed.length) failedSuites.push('lint');
}

async function e2eSuite() {
  if (!existsSync(CHROMIUM)) {
    process.stderr.write(
      `Chromium is missing at ${CHROMIUM}. Install it with: apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH)\n`,
    );
    failedSuites.push('e2e');
    return;
  }
  const { env, port } = await throwawayStackEnv('e2e', {
    // The suite reads reset links from the dev outbox (an explicit opt-in; never in production).
    DEV_OUTBOX: '1',
    // Every browser of the suite comes from 127.0.0.1 and signs up hundreds of accounts in an hour, and asks for a
    // dozen password resets and their confirmations (the limits per email and per link stay the defaults, which a
    // spec checks).
    RATE_LIMIT_SIGNUP_MAX: '100000',
    RATE_LIMIT_RESET_MAX: '100000',
    RATE_LIMIT_RESET_CONFIRM_MAX: '100000',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
    // NHL games last 75 s instead of 150 min, so a bet placed in a test can see its game end and settle;
    // the other sports (the odds page's defaults, the scores page's NFL) keep the real pace.
    SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl=120',
    // The suite's picks settle when a test asks ("Validate now") or when the simulator ends their game; the ten-minute
    // sweep of every pending pick would settle a test's pick between its creation and the test's own request.
    SETTLEMENT_INTERVAL_MS: String(24 * 60 * 60_000),
    // The footer and account page show social links only when configured; the suite checks they render.
    SOCIAL_LINKS: 'Community=https://social.example/oddspulse',
  });
  if (run(process.execPath, ['core/dist/cli.js', 'setup'], env) !== 0) {
    failedSuites.push('e2e');
    return;
  }
  const stack = startProcesses(env);
  const order = shuffleSeed ? shuffledSpecFiles(shuffleSeed) : null;
  if (order) process.stdout.write(`e2e spec files in the order of seed ${shuffleSeed}: ${order.join(' ')}\n`);
  // each file as Playwright's file filter, a regular expression: `picks.e2e.ts` alone would not tell it from its neighbours
  // and its own output folder: Playwright empties the folder as it starts, which would drop the traces of the files before
  const runs = order
    ? order.map((name) => [`test/e2e/${name.replaceAll('.', '\\.')}$`, '--output', `.tmp/playwright/${name}`])
    : [[]];
  try {
    await waitForHealth(`http://127.0.0.1:${port}`);
    let failed = false;
    for (const [index, files] of runs.entries()) {
      const file = join(outDir, runs.length > 1 ? `e2e-${index + 1}.json` : 'e2e.json');
      const code = run(
        'npx',
        ['playwright', 'test', '--config', 'test/e2e/playwright.config.ts', ...files, ...playwrightArgs],
        {
          ...env,
          E2E_BASE_URL: `http://127.0.0.1:${port}`,
          CHROMIUM_PATH: CHROMIUM,
          PLAYWRIGHT_JSON_OUTPUT_NAME: file,
        },
      );
      const counted = count(file, (r) => {
        flakyTests.push(...flakyIn(r));
        return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
      });
      if (code !== 0 || !counted) failed = true;
    }
    if (failed) failedSuites.push('e2e');
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    failedSuites.push('e2e');
  } finally {
    await stack.stop();
    run(process.execPath, ['scripts/lib/teardown.mjs', env.DATABASE_URL, env.REDIS_PREFIX], env);
  }
}

if (!build()) {
  process.stderr.write('Build failed; no suite was run.\n');
  process.exit(1);
}
for (const suite of suites) {
  process.stdout.write(`\n=== ${suite} ===\n`);
  if (suite === 'e2e') await e2eSuite();
  else if (suite === 'lint') lintSuite();
  else jestSuite(suite);
}
process.stdout.write(`\n${failedSuites.length ? `Failed suites: ${failedSuites.join(', ')}` : 'All suites passed'}\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed\n`);
if (flakyTests.length)
  process.stdout.write(
    `flaky (failed once, passed on the retry; each is a fault to find): ${flakyTests.length}\n${flakyTests.map((t) => `  ${t}\n`).join('')}`,
  );
process.exit(failedSuites.length ? 1 : 0);
