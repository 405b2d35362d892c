import { sql } from 'kysely';
import { createDatabase, type Database } from './database.module';

// schema.ts is generated with bigint and numeric as numbers and a date as its text (core/.kysely-codegenrc.json):
// what the pool reads must be what those types say.
describe('createDatabase: values read as schema.ts types them', () => {
  let db: Database;
  beforeAll(() => {
    db = createDatabase(process.env.DATABASE_URL!, 1);
  });
  afterAll(() => db.destroy());

  it('reads a date as its YYYY-MM-DD text, and bigint and numeric as numbers', async () => {
    const { rows } = await sql<{ day: unknown; cents: unknown; edge: unknown }>`
      SELECT '2026-11-01'::date AS day, 12345::bigint AS cents, 0.0425::numeric AS edge`.execute(db);
    expect(rows).toEqual([{ day: '2026-11-01', cents: 12345, edge: 0.0425 }]);
  });
});
