/**
 * Two jest projects: `unit` (pure functions and services with mocked repositories, *.spec.ts) and
 * `integration` (*.int-spec.ts, against the real PostgreSQL and Redis, a database per run).
 * End-to-end tests are Playwright's, in test/e2e.
 */
const shared = {
  // .mjs, Preact and wouter: they ship ES modules only, which jest loads once swc has made them CommonJS.
  transform: { '^.+\\.(t|j)sx?$|\\.mjs$': ['@swc/jest'] },
  transformIgnorePatterns: ['/node_modules/(?!(preact|preact-render-to-string|wouter)/)'],
  moduleNameMapper: {
    '^@oddspulse/shared$': '<rootDir>/shared/src/index.ts',
    '^@oddspulse/core$': '<rootDir>/core/src/index.ts',
    '^@oddspulse/server$': '<rootDir>/server/src/index.ts',
    // The client renders with Preact (client/vite.config.ts, issue 18): its specs render with what ships.
    '^react$': 'preact/compat',
    '^react/jsx-(dev-)?runtime$': 'preact/compat/jsx-$1runtime',
    '^react-dom$': 'preact/compat',
    '^react-dom/(client|server)$': 'preact/compat/$1',
    // wouter's hook through the shim for React < 18, which the build also points at compat (client/vite.config.ts)
    '^use-sync-external-store/shim/index\\.js$': 'preact/compat',
  },
  testEnvironment: 'node',
  rootDir: __dirname,
  roots: ['<rootDir>/shared/src', '<rootDir>/core/src', '<rootDir>/server/src', '<rootDir>/workers/src', '<rootDir>/client/src', '<rootDir>/test/integration'],
};

module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['**/*.spec.ts', '**/*.spec.tsx'] },
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
