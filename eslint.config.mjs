// Lint: the recommended rules with type information, React's hook rules, TanStack Query's, and the package walls (README "The map",
// docs/architecture.md). `npm test` runs it first; a wall crossed fails the build.
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ours = ['@oddspulse/shared', '@oddspulse/core', '@oddspulse/server', '@oddspulse/workers', '@oddspulse/client'];

/**
 * Tests, their helpers, benches and the oracles: they may import shared's testing entry (`@oddspulse/shared/testing`,
 * shared/src/testing); production code may not, so a fixture or an oracle never ends up in the product.
 */
const TESTS_AND_BENCHES = ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', '**/testing/**', '**/bench/**'];

/** A module's object literal typed `Record<string, …>` (or `Readonly<Record<string, …>>`): a table looked up by key. */
const MODULE_CONSTANT =
  ":matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator[init.type='ObjectExpression']";
const DECLARED = 'id.typeAnnotation.typeAnnotation';
const LOOKUP_TABLE =
  'A table looked up by a string is a Map (new Map(Object.entries({ … }))): an object answers __proto__, constructor and toString from Object.prototype.';

/**
 * The workspaces a package may not import, by name or by a relative path into its folder; `paths`: other imports it
 * may not use; `testing`: whether the files may import shared's testing entry.
 */
function wall(forbidden, paths = [], testing = false) {
  return {
    'no-restricted-imports': [
      'error',
      {
        paths,
        patterns: [
          ...forbidden.map((name) => ({
            group: [`@oddspulse/${name}`, `@oddspulse/${name}/**`, `**/${name}/src/**`, `**/${name}/dist/**`],
            message: `This package may not import ${name} (README "The map": shared ← core ← server | workers; client ← shared).`,
          })),
          {
            // Another package's internals: only its entry points are public.
            group: [...ours.map((name) => `${name}/**`), '!@oddspulse/shared/testing'],
            message:
              "Import a package by its name only (or shared's testing entry, from a test); its internals are not part of its contract.",
          },
          ...(testing
            ? []
            : [
                {
                  group: ['@oddspulse/shared/testing', '**/testing', '**/testing/**', '**/*.oracle'],
                  message:
                    'Production code may not import the testing entry (fixtures, oracles): tests, benches and scripts may.',
                },
              ]),
        ],
      },
    ],
  };
}

/** A package's wall for its production files, and the same with the testing entry allowed for its tests and benches. */
function walled(folder, forbidden, paths = []) {
  return [
    { files: [`${folder}/**`], ignores: TESTS_AND_BENCHES, rules: wall(forbidden, paths) },
    { files: TESTS_AND_BENCHES.map((pattern) => `${folder}/${pattern}`), rules: wall(forbidden, paths, true) },
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'coverage/**'] },
  { files: ['client/public/**/*.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        // Two programs type every TypeScript file: the backend's (the four packages' sources and specs, the system
        // specs) and the client's (its sources, specs, test support, Vite config and the render benches). The
        // packages' own tsconfigs leave the specs out, so the project service (one tsconfig.json per folder) would not
        // find them.
        project: ['./tsconfig.tests.json', './client/tsconfig.tests.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // TypeScript checks names itself (and knows the DOM and Node types each package is built with).
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    rules: {
      // A switch over a union names every member, or has a default that says what the others do.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // The client's router is a <BrowserRouter>: its navigate returns nothing (the type allows a data router's promise).
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      // Handing on what a catch caught (typed unknown) keeps the error as it was; a new rejection must be an Error.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      // Off, of the type-checked set: `any` is what supertest's bodies, JSON.parse and the untyped feeds (ESPN's
      // scoreboard) hand over, and the specs read them by design; the no-unsafe rules found ~880 such reads, nearly
      // all in specs. require-await: an async method that awaits nothing keeps the async signature its interface
      // (a repository, a gateway, a jest mock) asks for.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // A table looked up by a string from outside (a query, a feed, a CSV header) is a Map: an object literal answers
    // `__proto__`, `constructor` or `toString` from Object.prototype, and a book key of `__proto__` once made a 500.
    files: ['{shared,core,server,workers,client}/src/**/*.{ts,tsx}'],
    ignores: TESTS_AND_BENCHES,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `${MODULE_CONSTANT}[${DECLARED}.typeName.name='Record'][${DECLARED}.typeArguments.params.0.type='TSStringKeyword']`,
          message: LOOKUP_TABLE,
        },
        {
          selector: `${MODULE_CONSTANT}[${DECLARED}.typeName.name='Readonly'][${DECLARED}.typeArguments.params.0.typeName.name='Record'][${DECLARED}.typeArguments.params.0.typeArguments.params.0.type='TSStringKeyword']`,
          message: LOOKUP_TABLE,
        },
      ],
    },
  },
  {
    // `expect(mock.method)` hands jest a method to look at, never to call.
    files: [...TESTS_AND_BENCHES, 'test/**', 'client/test-support/**'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // Plain JavaScript has no program to type it.
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    rules: { 'no-undef': 'error', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  ...walled('shared/src', ['core', 'server', 'workers', 'client']),
  ...walled('core/src', ['server', 'workers', 'client']),
  ...walled(
    'server/src',
    ['workers', 'client'],
    [
      {
        name: '@nestjs/websockets',
        importNames: ['MessageBody'],
        message:
          'Read a socket payload with SocketPayload (realtime/sockets/socket-types.ts): the global TextInputPipe takes a @MessageBody() for an HTTP body and refuses it with an exception instead of the ack.',
      },
    ],
  ),
  ...walled('workers/src', ['server', 'client']),
  {
    // The system specs start the server and the workers in-process through their public entries, and drive the client's
    // code through its testing entry, not their internals.
    files: ['test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/src/**'],
              message: 'Import the server by its entry, @oddspulse/server (server/src/index.ts).',
            },
            {
              group: ['**/workers/src/**'],
              message: 'Import the workers by their entry, @oddspulse/workers (workers/src/index.ts).',
            },
            {
              group: ['**/client/src/**'],
              message:
                'Import the client by its testing entry, @oddspulse/client/testing (client/src/testing/index.ts).',
            },
          ],
        },
      ],
    },
  },
  ...walled(
    'client/src',
    ['core', 'server', 'workers'],
    [
      {
        // DESIGN names react-router-dom: one package to import the router from, so the app has one spelling of it.
        name: 'react-router',
        message: 'Import the router from react-router-dom.',
      },
    ],
  ),
  {
    // The client's rooms (docs/architecture.md, "client/src"): a feature (client/src/features/<name>) uses another feature only
    // through that feature's index.ts, and never the app's shell; the rooms every feature shares (api, format, realtime,
    // state, ui) use no feature and no shell, so none of them runs back up. The shell (app, routing, layout, boot,
    // the testing entry) puts the features together. A feature's styles are class names, not code: its .css may
    // be imported (the dashboard's cards wear the odds table's).
    files: ['client/src/**/*.ts', 'client/src/**/*.tsx'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx'] } },
      'boundaries/elements': [
        { type: 'feature', pattern: 'client/src/features/*', capture: ['name'] },
        { type: 'room', pattern: 'client/src/{api,format,realtime,state,ui}', capture: ['name'] },
        { type: 'shell', pattern: 'client/src/{app,routing,layout,boot,testing}', capture: ['name'] },
      ],
    },
    rules: {
      // every client file is in a room, a feature or the shell: a new folder says which it is here
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'room' } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'shell'] } } } },
              message: 'A shared room (api, format, realtime, state, ui) may not import a feature or the shell.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'shell' } } },
              message: 'A feature may not import the shell (app, routing, layout, boot): the shell imports features.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: { element: { type: 'feature', fileInternalPath: '!{index.ts,*.css}' } },
              },
              message: 'A feature imports another feature only through its index.ts (what it offers the others).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.tsx', 'client/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // The query rules (keys naming every input of their query function, a stable client, options in the order the
  // types are inferred in, ...) for the code that uses TanStack Query: the client's.
  ...pluginQuery.configs['flat/recommended'].map((config) => ({
    ...config,
    files: ['client/src/**/*.tsx', 'client/src/**/*.ts'],
  })),
  // openapi-typescript's types of the API document (`npm run openapi`): OpenAPI 3.0 has no tuples, so a pair such as
  // a line history's [time, price or null] reads as an array of `number | (number | null)`, as generated
  { files: ['client/src/api/openapi.d.ts'], rules: { '@typescript-eslint/no-duplicate-type-constituents': 'off' } },
  prettier,
);
