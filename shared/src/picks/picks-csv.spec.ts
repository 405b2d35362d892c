import {
  CSV_ESCAPED_VALUE,
  csvCentsToDollars,
  csvRowLines,
  csvUnescape,
  csvRowToPick,
  pickToCsvRow,
  PICK_CSV_COLUMNS,
  readPickCsvRow,
} from './picks-csv';
import { pickPotentialCents, type UserPick } from './pick';

const pick: UserPick = {
  id: '7d0c4c57-0000-4000-8000-000000000001',
  game: 'New England Patriots @ Miami Dolphins',
  league: 'NFL',
  sport: 'americanfootball_nfl',
  market: 'Point Spread',
  selection: 'Miami Dolphins -3.5',
  odds: '-110',
  bookmaker: 'draftkings',
  stakeCents: 10_000,
  potentialCents: 19_091,
  actualPayoutCents: 19_091,
  status: 'won',
  type: 'single',
  edge: 2.4,
  note: 'a, "b"',
  eventId: 'ev-1',
  commenceTime: '2022-09-11T17:00:00.000Z',
  dateAdded: '2022-09-10T12:00:00.000Z',
  settledDate: '2022-09-11T20:30:00.000Z',
  validatedAt: null,
  validatedBy: 'espn',
  validationConfidence: 95,
  espnGameId: '401437654',
  closingOdds: -125,
  clv: 1.625,
  unsettledReason: null,
};

describe('picks CSV rows', () => {
  // Reading dollars back is dollarsToCents (money), the rule of every door.
  it('writes money in dollars with two decimals', () => {
    expect([0, 5, 1909, 100_000_050].map(csvCentsToDollars)).toEqual(['0.00', '0.05', '19.09', '1000000.50']);
    expect(csvCentsToDollars(null)).toBe('');
  });

  it('writes every column and reads the row back into the same pick', () => {
    const row = pickToCsvRow(pick);
    expect(Object.keys(row)).toEqual([...PICK_CSV_COLUMNS]);
    expect(row).toMatchObject({
      stake: '100.00',
      potential_payout: '190.91',
      actual_payout: '190.91',
      settled_at: '2022-09-11T20:30:00.000Z',
      clv: '1.625',
    });
    expect(pickToCsvRow({ ...pick, clientId: 'local-7' }).id).toBe('local-7');
    expect(csvRowToPick(row)).toEqual({
      pick: {
        id: pick.id,
        dateAdded: pick.dateAdded,
        game: pick.game,
        league: 'NFL',
        sport: 'americanfootball_nfl',
        market: pick.market,
        selection: pick.selection,
        odds: '-110',
        bookmaker: 'draftkings',
        stakeCents: 10_000,
        potentialCents: 19_091,
        status: 'won',
        actualPayoutCents: 19_091,
        settledDate: '2022-09-11T20:30:00.000Z',
        validatedAt: null,
        validatedBy: 'espn',
        validationConfidence: 95,
        espnGameId: '401437654',
        type: 'single',
        edge: 2.4,
        closingOdds: -125,
        clv: 1.625,
        eventId: 'ev-1',
        commenceTime: '2022-09-11T17:00:00.000Z',
        note: 'a, "b"',
        payoutDecimal: null,
      },
    });
  });

  it('gives a pending parlay back at its exact price, so a stake set later pays what it did before the export', () => {
    // two −110 legs: (21/11)² = 3.6446…, shown as +264; $100 pays $364.46 at the price, $364.00 at the odds (pick.ts)
    const parlay = {
      ...pick,
      market: 'Parlay',
      selection: 'Miami Dolphins -3.5 + Buffalo Bills -3.5',
      odds: '+264',
      bookmaker: 'draftkings',
      type: 'parlay' as const,
      stakeCents: 0,
      potentialCents: 0,
      actualPayoutCents: null,
      status: 'pending' as const,
      settledDate: null,
      validatedBy: null,
      validationConfidence: null,
      espnGameId: null,
      payoutDecimal: (21 / 11) ** 2,
    };
    const row = pickToCsvRow(parlay);
    expect(row.payout_decimal).toBe('3.6446280991735542'); // every digit: it reads back as the same number
    const read = csvRowToPick(row);
    expect(read).toMatchObject({ pick: { payoutDecimal: (21 / 11) ** 2 } });
    const imported = 'pick' in read ? read.pick : null;
    expect([5_000, 10_000].map((stake) => pickPotentialCents(stake, imported!))).toEqual([18_223, 36_446]);
    // a row without a payout is paid at its exact price as well
    expect(csvRowToPick({ ...row, stake: '100', potential_payout: '' })).toMatchObject({
      pick: { potentialCents: 36_446 },
    });
    // an older file, without the column: the odds' rule, as for a pick saved before the price was kept
    expect(csvRowToPick({ ...row, payout_decimal: undefined, stake: '100', potential_payout: '' })).toMatchObject({
      pick: { payoutDecimal: null, potentialCents: 36_400 },
    });
    // refused as POST /api/picks refuses it: decimal odds above 1 and under those of the longest odds taken
    for (const bad of ['1', '0.5', '1001', 'abc', '0x10', 'Infinity'])
      expect(csvRowToPick({ ...row, payout_decimal: bad })).toEqual({
        errors: [`payout_decimal '${bad}' is not decimal odds above 1 and under 1001`],
      });
  });

  it('gives a settlement back as it was made: automatically by its source and game, or by hand (spec 002 §3)', () => {
    const automatic = pickToCsvRow(pick);
    expect(automatic).toMatchObject({
      settled_date: '2022-09-11T20:30:00.000Z',
      validated_at: '',
      validated_by: 'espn',
      validation_confidence: '95',
      espn_game_id: '401437654',
    });
    expect(csvRowToPick(automatic)).toMatchObject({
      pick: {
        settledDate: '2022-09-11T20:30:00.000Z',
        validatedAt: null,
        validatedBy: 'espn',
        validationConfidence: 95,
        espnGameId: '401437654',
      },
    });
    const byHand = { ...pick, settledDate: null, validatedAt: '2022-09-12T08:00:00.000Z', validatedBy: null };
    expect(csvRowToPick(pickToCsvRow({ ...byHand, validationConfidence: null, espnGameId: null }))).toMatchObject({
      pick: {
        settledDate: null,
        validatedAt: '2022-09-12T08:00:00.000Z',
        validatedBy: null,
        validationConfidence: null,
      },
    });
    // an older file has one settlement time, settled_at: read as a settlement by hand, as it always was
    const older = { ...automatic, settled_date: '', validated_by: '', validation_confidence: '', espn_game_id: '' };
    expect(csvRowToPick(older)).toMatchObject({
      pick: { settledDate: null, validatedAt: '2022-09-11T20:30:00.000Z', validatedBy: null },
    });
    // a pending pick has no settlement, whatever its row says
    expect(csvRowToPick({ ...automatic, status: 'pending', actual_payout: '' })).toMatchObject({
      pick: { settledDate: null, validatedAt: null, validatedBy: null, validationConfidence: null, espnGameId: null },
    });
    expect(
      csvRowToPick({
        ...automatic,
        validated_at: 'soon',
        validated_by: 'x'.repeat(65),
        validation_confidence: '95.5',
        espn_game_id: 'g\u0000',
      }),
    ).toEqual({
      errors: [
        'espn_game_id holds a control character',
        'validated_by is longer than 64 characters',
        "validated_at 'soon' is not an ISO 8601 date or time from 1970 to 2099",
        "validation_confidence '95.5' is not a whole number from 0 to 100",
      ],
    });
  });

  it('fills what another tracker leaves out: the payout from the odds, a settled payout by the rules of spec 002 §5', () => {
    const read = csvRowToPick({
      date_added: '2026-11-02 18:30',
      game: 'A @ B',
      market: 'Moneyline',
      selection: 'A',
      odds: '+150',
      stake: '10',
      status: 'Win',
    });
    expect(read).toMatchObject({
      pick: {
        dateAdded: '2026-11-02T18:30:00.000Z',
        league: 'Other',
        potentialCents: 2500,
        status: 'won',
        actualPayoutCents: 2500,
        type: 'single',
      },
    });
    expect(
      csvRowToPick({
        date_added: '2026-11-02',
        game: 'A @ B',
        market: 'Moneyline',
        selection: 'A',
        odds: '-110',
        stake: '10',
        status: 'push',
      }),
    ).toMatchObject({
      pick: { status: 'push', actualPayoutCents: 1000 },
    });
  });

  it('refuses a lost or pushed row whose payout is not what it pays back, and takes one that is', () => {
    const row = { date_added: '2026-11-02', game: 'A @ B', market: 'Moneyline', selection: 'A', odds: '+150' };
    expect(csvRowToPick({ ...row, stake: '100', status: 'lost', actual_payout: '150' })).toEqual({
      errors: ["actual_payout '150' is not 0.00: a lost pick pays 0"],
    });
    expect(csvRowToPick({ ...row, stake: '100', status: 'push', actual_payout: '500' })).toEqual({
      errors: ["actual_payout '500' is not 100.00: a push returns the stake"],
    });
    expect(csvRowToPick({ ...row, stake: '100', status: 'loss', actual_payout: '0.00' })).toMatchObject({
      pick: { status: 'lost', actualPayoutCents: 0 },
    });
    expect(csvRowToPick({ ...row, stake: '100', status: 'push', actual_payout: '100' })).toMatchObject({
      pick: { status: 'push', actualPayoutCents: 10_000 },
    });
  });

  it('takes a payout past $1,000,000 that a stake at long odds returns, and keeps stakes to $1,000,000', () => {
    const row = { date_added: '2026-11-02', game: 'A @ B', market: 'Moneyline', selection: 'A', odds: '+10000' };
    expect(
      csvRowToPick({ ...row, stake: '10000', potential_payout: '1010000.00', status: 'won', actual_payout: '1010000' }),
    ).toMatchObject({ pick: { potentialCents: 101_000_000, actualPayoutCents: 101_000_000 } });
    expect(csvRowToPick({ ...row, stake: '1000000.01' })).toEqual({
      errors: ["stake '1000000.01' is not an amount in dollars up to 1000000"],
    });
    expect(csvRowToPick({ ...row, stake: '1', potential_payout: '1001000000.01' })).toEqual({
      errors: ["potential_payout '1001000000.01' is not an amount in dollars up to 1001000000"],
    });
  });

  it('works out a payout left out at an exchange net of its default commission', () => {
    // $10 at +150 on Matchbook: $15 won, $14.70 net of its 2 %
    const read = csvRowToPick({
      date_added: '2026-11-02',
      game: 'A @ B',
      market: 'Moneyline',
      selection: 'A',
      odds: '+150',
      stake: '10',
      status: 'won',
      bookmaker: 'Matchbook',
    });
    expect(read).toMatchObject({ pick: { potentialCents: 2470, actualPayoutCents: 2470 } });
  });

  it('names each problem of a row', () => {
    expect(
      csvRowToPick({
        date_added: '2026-11-02',
        game: 'A @ B',
        market: 'Moneyline',
        selection: 'A\u0000',
        odds: '-110',
        stake: '1',
      }),
    ).toEqual({
      errors: ['selection holds a control character'],
    });
    expect(
      csvRowToPick({
        date_added: '2026-11-02',
        game: 'A @ B',
        market: 'Moneyline',
        selection: 'A',
        odds: '+1x0',
        stake: '10',
      }),
    ).toEqual({
      errors: ["odds '+1x0' is not American odds"],
    });
    expect(
      csvRowToPick({
        game: 'A @ B',
        odds: '+50',
        stake: '10',
        status: 'pending',
        actual_payout: '5',
        type: 'teaser',
        edge: 'big',
      }),
    ).toEqual({
      errors: [
        'date_added is missing',
        'market is missing',
        'selection is missing',
        "odds '+50' is not American odds",
        "type 'teaser' is not single or parlay",
        "edge 'big' is not a number from -100 to 1000",
        'actual_payout is set on a pending pick',
      ],
    });
    expect(
      csvRowToPick({
        date_added: '11/02/2026',
        game: 'x'.repeat(201),
        market: 'M',
        selection: 'S',
        odds: '-110',
        stake: '1',
      }),
    ).toEqual({
      errors: [
        'game is longer than 200 characters',
        "date_added '11/02/2026' is not an ISO 8601 date or time from 1970 to 2099",
      ],
    });
  });
});

describe('csvRowLines', () => {
  it('answers the line a row starts on, past blank lines and a quoted value over two lines', () => {
    const body = 'game,note\r\nA,"two\nlines"\r\n\r\nB,x\r\nC,y';
    const lineAt = csvRowLines(body);
    const ends = [body.indexOf('\r\n\r\n'), body.indexOf('\r\nC'), body.length];
    expect(ends.map(lineAt)).toEqual([2, 5, 6]);
  });
});

describe('readPickCsvRow', () => {
  // the export's own row, as a spreadsheet keeps it: a value that looks like a formula behind an apostrophe
  const exported = pickToCsvRow(pick);
  const row = { ...exported, note: "'=SUM(1)", unknown: 'x' };

  it('reads the known columns without the apostrophe the export put before a formula', () => {
    const read = readPickCsvRow(row, []);
    expect(read.values).toEqual({ ...exported, note: '=SUM(1)' });
    expect(read.pick).toMatchObject({ odds: '-110', note: '=SUM(1)' });
    expect(read.problems).toEqual([]);
  });

  it('tells a formula from a number as the export wrote it, whatever the value', () => {
    const formulas = [
      '=1+1',
      '@SUM(A1)',
      '+cmd|x',
      '-2+3',
      ' =1',
      '\n=1',
      "'=1",
      '\t1',
      '+',
      '-.',
      '+5.',
      '+1.2.3',
      '+1e5',
    ];
    const numbers = ['+150', '-110', '-3.5', '+.5', '2.5', 'Lakers', '', '150'];
    expect(formulas.filter((v) => !CSV_ESCAPED_VALUE.test(v))).toEqual([]);
    expect(numbers.filter((v) => CSV_ESCAPED_VALUE.test(v))).toEqual([]);
    // every short value of these characters as the first form of the rule judged it (a sign, then digits, an optional
    // point and digits to the end, is a number)
    const number = (v: string) => /^\s*[+-]/.test(v) && /^\s*[+-](\d*\.?\d+)$/.test(v);
    const chars = ['1', '.', '+', '-', ' ', 'x', '='];
    let values = [''];
    for (let length = 1; length <= 5; length++) {
      values = values.flatMap((v) => chars.map((c) => v + c));
      for (const v of values)
        expect([v, CSV_ESCAPED_VALUE.test(v)]).toEqual([v, /^\s*[=@]/.test(v) || (/^\s*[+-]/.test(v) && !number(v))]);
    }
  });

  it('reads a value of a long run of digits in one pass (the import runs the rule on every value of every row)', () => {
    // the rule's first form took a second and a half for 16,000 digits and grew with the square: this one would not end
    const digits = `'+${'1'.repeat(200_000)}.x`;
    expect(csvUnescape(digits)).toBe(digits.slice(1));
    expect(csvUnescape(`'+${'1'.repeat(200_000)}`)).toBe(`'+${'1'.repeat(200_000)}`);
  });

  it('refuses a row with too many fields, not one with too few, before its own problems', () => {
    const tooMany = { type: 'FieldMismatch', code: 'TooManyFields', message: 'Too many fields' };
    const tooFew = { type: 'FieldMismatch', code: 'TooFewFields', message: 'Too few fields' };
    expect(readPickCsvRow(row, [tooFew]).pick).not.toBeNull();
    expect(readPickCsvRow({ ...row, odds: '+1x0' }, [tooMany, tooFew])).toMatchObject({
      pick: null,
      problems: ['Too many fields', "odds '+1x0' is not American odds"],
    });
  });
});
