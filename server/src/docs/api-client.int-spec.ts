import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { validate } from '@readme/openapi-parser';
import ts from 'typescript';
import { AccountsTestApp, createAccountsApp } from '../../../test/support/accounts-app';

/** Where the generated client and the script are compiled as if they were: beside this spec, so `openapi-fetch` resolves. */
const CLIENT_DIR = join(__dirname, 'generated-client');
const TYPES = join(CLIENT_DIR, 'api.d.ts');
const SCRIPT = join(CLIENT_DIR, 'script.ts');

/** A developer's script: three routes, called through openapi-fetch typed by the generated `paths`. */
const script = (oddsFormat: string, profitField: string) => `
import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'http://localhost:3000', headers: { 'x-api-key': 'op_example' } });

export async function main(): Promise<{ sports: string[]; prices: number[]; profits: number[]; refused?: string }> {
  const sports = await client.GET('/api/sports');
  const odds = await client.GET('/api/odds', { params: { query: { sports: 'basketball_nba', markets: 'h2h,spreads', oddsFormat: '${oddsFormat}' } } });
  const arbitrage = await client.GET('/api/arbitrage', { params: { query: { sports: 'basketball_nba', minProfit: 0.5, bankroll: 1000 } } });
  return {
    sports: (sports.data ?? []).map((sport) => sport.key),
    prices: (odds.data ?? []).flatMap((game) => game.bookmakers.flatMap((book) => book.markets.flatMap((market) => market.outcomes.map((o) => o.price)))),
    profits: (arbitrage.data?.opportunities ?? []).map((opportunity) => opportunity.${profitField}),
    refused: arbitrage.error ? \`\${arbitrage.error.code}: \${arbitrage.error.message}\` : undefined,
  };
}
`;

/** The TypeScript errors of the script compiled strictly against the generated types (files given in memory, the rest from disk). */
function typeErrors(types: string, source: string): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const files = new Map([
    [TYPES, types],
    [SCRIPT, source],
  ]);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    files.has(name)
      ? ts.createSourceFile(name, files.get(name)!, language)
      : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
  host.readFile = (name) => files.get(name) ?? readFile.call(host, name);
  host.directoryExists = (name) =>
    name === CLIENT_DIR || name.startsWith(`${CLIENT_DIR}/`) || ts.sys.directoryExists(name);
  const program = ts.createProgram([SCRIPT], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? d.file.fileName.replace(`${dirname(CLIENT_DIR)}/`, '') : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

// A developer generates a typed client from /api/docs-json and calls the API with it.
describe('a client generated from /api/docs-json', () => {
  let t: AccountsTestApp;
  let doc: Record<string, unknown>;
  let docsUrl: string;

  beforeAll(async () => {
    t = await createAccountsApp();
    await t.app.listen(0, '127.0.0.1');
    docsUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api/docs-json`;
    const res = await t.http().get('/api/docs-json');
    expect(res.status).toBe(200);
    doc = res.body;
  });

  afterAll(async () => {
    await t.app.close();
  });

  it("is what `npm run openapi` writes, and so are the web client's committed types", async () => {
    const root = join(__dirname, '..', '..', '..');
    const out = mkdtempSync(join(tmpdir(), 'oddspulse-openapi-'));
    try {
      await promisify(execFile)(process.execPath, [join(root, 'scripts', 'openapi.mjs'), '--out-dir', out], {
        cwd: root,
      });
      const written = (file: string) => readFileSync(join(out, file), 'utf8');
      expect(written('oddspulse-openapi.json')).toBe(
        readFileSync(join(root, 'open-api', 'oddspulse-openapi.json'), 'utf8'),
      );
      expect(written('openapi.d.ts')).toBe(readFileSync(join(root, 'client', 'src', 'api', 'openapi.d.ts'), 'utf8'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  it('is a valid OpenAPI document', async () => {
    // the validator dereferences in place: give it a copy
    const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors.map((e) => e.message)).toEqual([]);
    expect(result.specification).toBe('OpenAPI');
  });

  it('generates TypeScript types that type-check a script calling three routes, and refuse a wrong one', async () => {
    // as a developer runs it: the CLI, reading the live document
    const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
    const { stdout: types } = await promisify(execFile)(process.execPath, [cli, docsUrl], { maxBuffer: 16 << 20 });
    expect(types).toContain('"/api/arbitrage"');
    expect(typeErrors(types, script('decimal', 'profitPct'))).toEqual([]);
    // the same script with a price format the API refuses and a field arbitrage answers do not have
    const errors = typeErrors(types, script('fractional', 'profit')).join('\n');
    expect(errors).toMatch(/"fractional"/);
    expect(errors).toMatch(/Property 'profit' does not exist/);
  }, 60_000);
});
