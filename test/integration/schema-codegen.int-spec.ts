import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** Runs `npm run migration:codegen`'s script (built core, a throw-away database of its own) into `outFile`. */
function codegen(outFile: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'migration-codegen.mjs'), '--out-file', outFile], {
      cwd: ROOT,
      env: process.env,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

// The database types are generated from the migrations; a migration without `npm run migration:codegen` after it, or
// a hand edit of schema.ts, leaves the code typed against tables the database does not have.
describe('core/src/database/schema.ts', () => {
  it('is what kysely-codegen writes from a freshly migrated database (else run npm run migration:codegen)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddspulse-schema-'));
    try {
      const outFile = join(dir, 'schema.ts');
      const { code, output } = await codegen(outFile);
      expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('wrote') });
      const committed = readFileSync(join(ROOT, 'core', 'src', 'database', 'schema.ts'), 'utf8');
      expect(readFileSync(outFile, 'utf8').split('\n')).toEqual(committed.split('\n'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
