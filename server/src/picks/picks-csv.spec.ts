import { PICK_CSV_COLUMNS } from '@oddspulse/shared';
import { CSV_LISTED_ERRORS, picksCsvHeader, PICKS_CSV_MAX_ROWS, readPicksCsv, writePicksCsvRows } from './picks-csv';

/** An export's text: its header and its rows. */
const writePicksCsv = (rows: Parameters<typeof writePicksCsvRows>[0]) =>
  `${picksCsvHeader()}\r\n${writePicksCsvRows(rows)}`;

const header = 'date_added,game,market,selection,odds,stake';

describe('picks CSV files', () => {
  it('names a bad row by its line in the file, blank lines and quoted line breaks counted', async () => {
    const csv = [
      header,
      '2026-11-01,"A @ B",ML,"A\nwith a note",+1x0,1',
      '',
      '2026-11-01,C @ D,ML,C,-110,1',
      '2026-11-01,E @ F,ML,E,-110,ten',
    ].join('\r\n');
    const { rows, errors } = await readPicksCsv(csv);
    expect(errors).toEqual([
      { line: 2, message: "odds '+1x0' is not American odds" },
      { line: 6, message: "stake 'ten' is not an amount in dollars up to 1000000" },
    ]);
    expect(rows.map((r) => [r.line, r.pick.game])).toEqual([[5, 'C @ D']]);
  });

  it('keys a row by its id, or else by what it says, the same each time', async () => {
    const withId = (await readPicksCsv(`id,${header}\nlocal-7,2026-11-01,A @ B,ML,A,-110,1`)).rows[0];
    expect(withId.key).toBe('local-7');
    const once = (await readPicksCsv(`${header}\n2026-11-01,A @ B,ML,A,-110,1`)).rows[0].key;
    expect(once).toMatch(/^csv:[0-9a-f]{32}$/);
    expect((await readPicksCsv(`${header}\n2026-11-01,A @ B,ML,A,-110,1`)).rows[0].key).toBe(once);
    expect((await readPicksCsv(`${header}\n2026-11-01,A @ B,ML,A,-110,2`)).rows[0].key).not.toBe(once);
  });

  it('refuses a file without the required columns, without rows, or with too many rows', async () => {
    expect((await readPicksCsv('game,odds\nA @ B,-110')).errors).toEqual([
      { line: 1, message: 'the header has no date_added, market, selection, stake column' },
    ]);
    expect((await readPicksCsv(`${header}\n`)).errors).toEqual([{ line: 1, message: 'the file has no picks' }]);
    const many = [header, ...Array.from({ length: PICKS_CSV_MAX_ROWS + 1 }, () => '2026-11-01,A @ B,ML,A,-110,1')].join(
      '\n',
    );
    expect((await readPicksCsv(many)).errors).toEqual([
      { line: 1, message: `the file has more than ${PICKS_CSV_MAX_ROWS} rows: at most 5000 are imported at once` },
    ]);
    // 5,001 rows read in slices: past jest's 5 s on a machine busy with other processes
  }, 30_000);

  it('writes a formula as text, and reads it back as it was; odds and lines are not formulas', async () => {
    const row = Object.fromEntries(PICK_CSV_COLUMNS.map((c) => [c, ''])) as Record<
      (typeof PICK_CSV_COLUMNS)[number],
      string
    >;
    const csv = writePicksCsv([
      {
        ...row,
        date_added: '2026-11-01T00:00:00.000Z',
        game: '=1+1',
        market: '@SUM(A1)',
        selection: '-3.5',
        odds: '+150',
        stake: '1.00',
        note: '+cmd|x',
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      // the columns after the note (PICK_CSV_COLUMNS) are empty
      `,2026-11-01T00:00:00.000Z,"'=1+1",,,"'@SUM(A1)",-3.5,+150,,1.00,,,,,,,,,,,"'+cmd|x"${','.repeat(PICK_CSV_COLUMNS.length - PICK_CSV_COLUMNS.indexOf('note') - 1)}`,
    );
    expect((await readPicksCsv(csv)).rows[0].pick).toMatchObject({
      game: '=1+1',
      market: '@SUM(A1)',
      selection: '-3.5',
      odds: '+150',
      note: '+cmd|x',
    });
  });

  it('writes a value starting with an apostrophe, or a formula after blanks, so that it reads back as it was', async () => {
    const row = Object.fromEntries(PICK_CSV_COLUMNS.map((c) => [c, ''])) as Record<
      (typeof PICK_CSV_COLUMNS)[number],
      string
    >;
    const notes = ["'=1+1", "''x", "'", ' =1+1', '\n=HYPERLINK("x")', '\t@SUM(1)', "it's", '-3.5', '+150', '-'];
    const csv = writePicksCsv(
      notes.map((note) => ({
        ...row,
        date_added: '2026-11-01T00:00:00.000Z',
        game: 'A @ B',
        market: 'ML',
        selection: 'A',
        odds: '-110',
        stake: '1.00',
        note,
      })),
    );
    expect(csv).toContain(`,"''=1+1",`);
    expect(csv).toContain(`,"' =1+1",`);
    expect(csv).toContain(`,-3.5,`);
    const read = await readPicksCsv(csv);
    expect(read.errors).toEqual([]);
    // the import trims values: a leading blank is not kept, the formula is still text
    expect(read.rows.map((r) => r.pick.note)).toEqual(notes.map((note) => note.trim()));
  });

  it('lists the first 100 bad lines with a count of the rest, each bad value cut to 80 characters', async () => {
    const long = `+${'9'.repeat(10_000)}`;
    const csv = [header, ...Array.from({ length: 150 }, () => `2026-11-01,A @ B,ML,A,${long},1`)].join('\n');
    const { errors, more } = await readPicksCsv(csv);
    expect(errors).toHaveLength(CSV_LISTED_ERRORS);
    expect(more).toBe(50);
    expect(errors[0]).toEqual({ line: 2, message: `odds '+${'9'.repeat(79)}…' is not American odds` });
  });

  it('refuses at once, by their lines, the shapes that held the event loop, before parsing them', async () => {
    const single = await readPicksCsv(`${header}\n${','.repeat(1_000_000)}`);
    expect(single.errors).toEqual([{ line: 2, message: "it has more than 6 values, the header's columns" }]);
    // LF lines under a CRLF header are rows of their own, counted as they come, and the reading stops past the cap
    const lines = await readPicksCsv(`${header}\r\n${'a,b\n'.repeat(100_000)}`);
    expect(lines.errors).toEqual([
      { line: 1, message: 'the file has more than 5000 rows: at most 5000 are imported at once' },
    ]);
    const unclosed = await readPicksCsv(`${header}\n2026-11-01,"A @ B,ML,A,-110,1\n`.padEnd(1_000_000, 'x'));
    expect(unclosed.errors).toEqual([
      {
        line: 2,
        message: 'a quoted value runs on past 16384 characters (is a closing quote missing?)',
      },
    ]);
    expect((await readPicksCsv(`${header}${'\n'.repeat(1_000_000)}`)).errors).toEqual([
      { line: 1, message: 'the file has no picks' },
    ]);
  }, 30_000);

  it('gives the event loop back while it reads, and reads the same as in one go', async () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      i % 7 === 3 ? '' : `2026-11-01,"G ${i}\nnote",ML,S ${i},${i % 5 === 0 ? 'x' : '-110'},1`,
    );
    const csv = [header, ...lines].join('\r\n');
    const inOneGo = await readPicksCsv(csv);
    // every look at the clock finds the slice over: the parser pauses after each row
    let clock = 0;
    jest.spyOn(performance, 'now').mockImplementation(() => (clock += 10));
    // turns counted in the loop's check phase, where the reader's pauses resume: a 1-ms interval timer can miss every
    // one when the whole read takes under a millisecond
    let turns = 0;
    let counting = setImmediate(function count() {
      turns += 1;
      counting = setImmediate(count);
    });
    const sliced = await readPicksCsv(csv);
    clearImmediate(counting);
    jest.restoreAllMocks();
    // a pause after each of the 34 rows, each a turn of the loop; a read that held the loop would give none
    expect(turns).toBeGreaterThanOrEqual(30);
    expect(sliced).toEqual(inOneGo);
    // a row takes two lines (its quoted line break), a blank one line: the rows with bad odds (every fifth, bar the blank tenth)
    expect(inOneGo.errors.map((e) => e.line)).toEqual([2, 11, 30, 39, 48, 58, 67]);
  });
});
