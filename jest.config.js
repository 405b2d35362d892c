/**
 * Two jest projects: `unit` (pure functions and services with mocked repositories, *.spec.ts) and
 * `integration` (*.int-spec.ts, against the real PostgreSQL and Redis, a database per run).
 * End-to-end tests are Playwright's, in test/e2e.
 */
const shared = {
  // .mjs: some packages ship ES modules only, which jest loads once swc has made them CommonJS.
  transform: { '^.+\\.(t|j)sx?$|\\.mjs$': ['@swc/jest'] },
  // NestJS 12 ships ES modules only: swc makes its files CommonJS as it does the .mjs packages (jest's own require(esm)
  // needs Node's --experimental-vm-modules)
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/)'],
  moduleNameMapper: {
    '^@oddspulse/shared$': '<rootDir>/shared/src/index.ts',
    '^@oddspulse/shared/testing$': '<rootDir>/shared/src/testing/index.ts',
    '^@oddspulse/core$': '<rootDir>/core/src/index.ts',
    '^@oddspulse/server$': '<rootDir>/server/src/index.ts',
    '^@oddspulse/workers$': '<rootDir>/workers/src/index.ts',
    '^@oddspulse/client/testing$': '<rootDir>/client/src/testing/index.ts',
  },
  testEnvironment: 'node',
  rootDir: __dirname,
  roots: [
    '<rootDir>/shared/src',
    '<rootDir>/core/src',
    '<rootDir>/server/src',
    '<rootDir>/workers/src',
    '<rootDir>/client/src',
    '<rootDir>/test/integration',
  ],
};

module.exports = {
  // every core: jest's default leaves one to its main process, which only waits for the files (on 2 cores the unit
  // suite took 200 s that way, 117-153 s on both); integration runs in band (--runInBand) whatever this says
  maxWorkers: '100%',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      setupFiles: ['<rootDir>/client/test-support/jsdom-globals.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['**/*.int-spec.ts'],
      globalSetup: '<rootDir>/test/integration/global-setup.ts',
      globalTeardown: '<rootDir>/test/integration/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/integration/test-timeout.ts'],
    },
  ],
};
