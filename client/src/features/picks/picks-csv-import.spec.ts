import { PICK_CSV_COLUMNS } from '@oddspulse/shared';
import {
  applyMapping,
  checkPicksCsv,
  CSV_CHECK_SLICE,
  CSV_IMPORT_MAX_ROWS,
  guessMapping,
  missingColumns,
  readableRowsCsv,
  readCsvHeader,
  setMapping,
} from './picks-csv-import';

const noPause = () => Promise.resolve();
const HEADER = 'date_added,game,market,selection,odds,stake,status';

describe('picks CSV import (browser side)', () => {
  it('maps the export’s own columns to themselves and guesses the usual other names, each column once', () => {
    const mapping = guessMapping([' Date ', 'Event', 'Pick', 'Price', 'Wager', 'Result', 'Book', 'Comment', 'stake']);
    expect(mapping).toEqual(['date_added', 'game', 'selection', 'odds', 'stake', 'status', 'bookmaker', null, null]);
    expect(guessMapping([...PICK_CSV_COLUMNS].reverse())).toEqual([...PICK_CSV_COLUMNS].reverse());
    // a tracker's "Payout" is what the bet pays if it wins, whether it won or not yet
    expect(guessMapping(['Payout'])).toEqual(['potential_payout']);
    // names every object answers from its prototype are columns of no meaning here, as any other
    expect(guessMapping(['constructor', '__proto__', 'toString', 'Price'])).toEqual([null, null, null, 'odds']);
  });

  it('lists the required columns nothing maps to, and moves a column off the one it was read as before', () => {
    const mapping = guessMapping(['Date', 'Matchup', 'Pick', 'Price', 'Wager']);
    expect(missingColumns(mapping)).toEqual(['game', 'market']);
    const moved = setMapping(setMapping(mapping, 1, 'game'), 2, 'market');
    expect(moved).toEqual(['date_added', 'game', 'market', 'odds', 'stake']);
    expect(missingColumns(moved)).toEqual(['selection']);
  });

  it('rewrites only the header row, so each row keeps its line', () => {
    const text = '\uFEFFWhen,"Event, text",Pick\r\n2026-11-01,"A @ B",B\r\n';
    expect(readCsvHeader(text).fields).toEqual(['When', 'Event, text', 'Pick']);
    expect(applyMapping(text, ['date_added', 'game', null])).toBe(
      'date_added,game,unused_3\r\n2026-11-01,"A @ B",B\r\n',
    );
    expect(applyMapping('a,b', ['game', 'odds'])).toBe('game,odds');
    const rows = 'x,y\n1,2\n3,4\n';
    expect(readCsvHeader(rows)).toEqual({ fields: ['x', 'y'], end: 3 });
    expect(applyMapping(rows, ['odds', null])).toBe('odds,unused_2\n1,2\n3,4\n');
  });

  it('names each refused row by its line with the server’s words, and reads the others', async () => {
    const text = [
      HEADER,
      '2026-11-01T18:00:00Z,SF 49ers @ LA Rams,Moneyline,SF 49ers,+135,25,pending',
      '2026-11-01T18:00:00Z,Bills @ Jets,Moneyline,Bills,+1x0,25,pending',
      '',
      '2026-11-02T18:00:00Z,"Texas A&M @ Ohio State",Spread,"Ohio State\n-3.5",-110,10,won',
      '2026-11-03,Chiefs @ Broncos,Totals,Over 44.5,-110,,win',
      '2026-11-03,Chiefs @ Broncos,Totals,Over 44.5,-110,5,won,extra',
    ].join('\r\n');
    const progress: Array<[number, number]> = [];
    const check = await checkPicksCsv(text, {
      pause: noPause,
      onProgress: (read, total) => progress.push([read, total]),
    });
    expect(check.problems).toEqual([
      { line: 3, message: "odds '+1x0' is not American odds" },
      { line: 7, message: 'stake is missing' },
      { line: 8, message: expect.stringContaining('Too many fields') },
    ]);
    expect(check.readable).toBe(2);
    expect(check.rows.map((row) => row.line)).toEqual([2, 3, 5, 7, 8]);
    expect(check.rows[0].pick).toMatchObject({ game: 'SF 49ers @ LA Rams', odds: '+135', stakeCents: 2500 });
    expect(progress).toEqual([[text.length, text.length]]);
  });

  it('refuses a file without the required columns, without rows or with too many, in the server’s words', async () => {
    const cases: Array<[string, string]> = [
      ['game,odds\r\nA @ B,+100', 'the header has no date_added, market, selection, stake column'],
      [HEADER, 'the file has no picks'],
      [
        `${HEADER}\r\n${'2026-11-01,A @ B,Moneyline,B,+100,5,pending\r\n'.repeat(CSV_IMPORT_MAX_ROWS + 1)}`,
        'the file has 5001 rows: at most 5000 are imported at once',
      ],
    ];
    for (const [text, message] of cases) {
      const check = await checkPicksCsv(text, { pause: noPause });
      expect(check.readable).toBe(0);
      expect(check.problems).toEqual([{ line: 1, message }]);
    }
  });

  it('checks a large file in slices with a pause between them, lines counted across the pauses, and stops once aborted', async () => {
    const row = (i: number) =>
      i === 600 ? '2026-11-01,"A @ B\nlate",Moneyline,B,+1x0,5,pending' : '2026-11-01,A @ B,Moneyline,B,+100,5,pending';
    const text = `${HEADER}\r\n${Array.from({ length: 1000 }, (_, i) => row(i)).join('\r\n')}\r\n\r\n2026-11-01,A @ B,Moneyline,B,-1,5,pending`;
    let pauses = 0;
    const progress: number[] = [];
    const done = await checkPicksCsv(text, {
      pause: async () => void (pauses += 1),
      onProgress: (read) => progress.push(read),
    });
    expect(done.readable).toBe(999);
    expect(pauses).toBe(Math.floor(1001 / CSV_CHECK_SLICE));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(text.length);
    expect(done.problems).toEqual([
      { line: 602, message: "odds '+1x0' is not American odds" },
      { line: 1004, message: "odds '-1' is not American odds" },
    ]);
    expect(done.rows.at(-2)?.line).toBe(1002);
    const controller = new AbortController();
    const aborted = checkPicksCsv(text, { signal: controller.signal, pause: async () => controller.abort() });
    await expect(aborted).rejects.toThrow();
  });

  it('writes the readable rows alone under the export’s columns, which the server reads as the same picks', async () => {
    const text = [
      HEADER,
      '2026-11-01T18:00:00Z,N.Y. Giants @ TB Bucs,Moneyline,N.Y. Giants,+150,20,pending',
      '2026-11-01,X @ Y,Moneyline,X,abc,5,pending',
    ].join('\n');
    const check = await checkPicksCsv(text, { pause: noPause });
    const readable = await checkPicksCsv(readableRowsCsv(check), { pause: noPause });
    expect(readable.problems).toEqual([]);
    expect(readable.rows.map((row) => row.pick)).toEqual([check.rows[0].pick]);
    expect(readable.rows[0].pick).toMatchObject({
      game: 'N.Y. Giants @ TB Bucs',
      odds: '+150',
      stakeCents: 2000,
      id: null,
    });
  });
});
