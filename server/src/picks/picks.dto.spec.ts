import { PICK_MAX_CENTS, PICK_MAX_PAYOUT_CENTS } from '@oddspulse/shared';
import {
  createPickSchema,
  legacyPickSchema,
  legacyToPickInput,
  pickStakeSchema,
  PICK_MAX_JSON_CHARS,
  PICKS_IMPORT_BODY_LIMIT,
  PICKS_IMPORT_MAX,
  readPicksImport,
  settlePickSchema,
  toCents,
} from './picks.dto';

/** A legacy pick with every field at the longest legacyPickSchema takes. */
const largest = {
  id: 'i'.repeat(64),
  game: 'g'.repeat(200),
  league: 'l'.repeat(40),
  sport: 's'.repeat(64),
  market: 'm'.repeat(100),
  selection: 's'.repeat(200),
  odds: '-1000.0000000000',
  stake: 999_999.99,
  potential: 1_000_999_999.99,
  actualPayout: 1_000_999_999.99,
  status: 'pending',
  type: 'single',
  edge: -0.123456789012345,
  note: 'n'.repeat(1000),
  dateAdded: '2026-11-26T09:00:00.000+00:00',
};

describe('picks import', () => {
  it('sizes the body to PICKS_IMPORT_MAX picks at their largest, with little to spare', () => {
    expect(legacyPickSchema.safeParse(largest).success).toBe(true);
    const body = JSON.stringify({ picks: Array(PICKS_IMPORT_MAX).fill(largest) });
    const limit = Number.parseInt(PICKS_IMPORT_BODY_LIMIT, 10) * 1024 * 1024;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(limit);
    expect(Buffer.byteLength(body)).toBeGreaterThan(limit * 0.9);
    // every character of a pick written as a \u escape still fits the length an item may have
    expect(JSON.stringify(largest).length * 6).toBeLessThan(PICK_MAX_JSON_CHARS);
  });

  it('reads the JSON text, skipping unreadable items and refusing control characters by field', async () => {
    const pick = { game: 'A @ B', league: 'NFL', market: 'Moneyline', selection: 'A', odds: '-110', stake: 10 };
    const read = await readPicksImport(JSON.stringify({ picks: [pick, { game: 1 }, pick] }));
    expect(read).toMatchObject({ given: 3, readable: [{ game: 'A @ B' }, { game: 'A @ B' }] });
    await expect(
      readPicksImport(JSON.stringify({ picks: [pick, { ...pick, note: 'x\u0000' }] })),
    ).rejects.toMatchObject({
      response: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'picks.1.note: must not contain control characters',
      },
    });
    await expect(readPicksImport(JSON.stringify({ list: [] }))).rejects.toMatchObject({
      response: { statusCode: 400, code: 'VALIDATION_FAILED' },
    });
  });
});

// DECISIONS 25: dollars become cents once, half-up, from the decimal as written (money's dollarsToCents has
// the published cases). Math.round(x * 100) made 1.005 $1.00 and 0.285 $0.28: both are ties as written.
describe('dollars from a body in cents', () => {
  it('rounds half-up once from the decimal: a stake of 1.005 is 101 cents, 2.675 is 268', () => {
    expect([1.005, 2.675, 0.285, 10.499, 190.495, 100].map(toCents)).toEqual([101, 268, 29, 1050, 19_050, 10_000]);
  });

  it("reads the browser list's stake, potential and payout by the same rule", async () => {
    const item = { game: 'A @ B', market: 'Moneyline', selection: 'A', odds: '-110', status: 'won' };
    const { readable } = await readPicksImport(
      JSON.stringify({ picks: [{ ...item, stake: 1.005, potential: '2.675', actualPayout: 0.285 }] }),
    );
    expect(legacyToPickInput(readable[0])).toMatchObject({
      stakeCents: 101,
      potentialCents: 268,
      actualPayoutCents: 29,
    });
  });
});

// pick-fields: a stake up to $1,000,000, a payout up to that stake at the longest odds, at every door
describe('money bounds', () => {
  const pick = { game: 'A @ B', league: 'NFL', market: 'Moneyline', selection: 'A', odds: '+10000' };

  it('takes a payout the server itself works out: a $10,000 bet at +10000 returns $1,010,000', () => {
    expect(createPickSchema.safeParse({ ...pick, stakeCents: 1_000_000, potentialCents: 101_000_000 }).success).toBe(
      true,
    );
    expect(settlePickSchema.safeParse({ status: 'won', actualPayout: 1_010_000 }).success).toBe(true);
    expect(
      legacyPickSchema.safeParse({ ...pick, stake: 10_000, potential: 1_010_000, actualPayout: 1_010_000 }).success,
    ).toBe(true);
  });

  it('keeps the $1,000,000 cap on stakes, and refuses a payout past the largest stake at the longest odds', () => {
    expect(createPickSchema.safeParse({ ...pick, stakeCents: PICK_MAX_CENTS + 1 }).success).toBe(false);
    expect(legacyPickSchema.safeParse({ ...pick, stake: PICK_MAX_CENTS / 100 + 1 }).success).toBe(false);
    expect(
      createPickSchema.safeParse({ ...pick, stakeCents: 100, potentialCents: PICK_MAX_PAYOUT_CENTS + 1 }).success,
    ).toBe(false);
    expect(settlePickSchema.safeParse({ status: 'won', actualPayout: PICK_MAX_PAYOUT_CENTS / 100 + 1 }).success).toBe(
      false,
    );
  });
});

// spec 001 §5: a bet stakes at least $1 ('Minimum bet is $1'); spec 001 §3: a My Picks entry may have no stake yet (0)
describe('the stake of a pick', () => {
  const pick = { game: 'A @ B', league: 'NFL', market: 'Moneyline', selection: 'A', odds: '-110' };
  const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.success ? [] : result.error!.issues.map((i) => i.message);

  it('is none yet or at least $1, whether saved or set later', () => {
    expect(createPickSchema.safeParse({ ...pick, stakeCents: 0 }).success).toBe(true);
    expect(createPickSchema.safeParse({ ...pick, stakeCents: 100 }).success).toBe(true);
    expect(issues(createPickSchema.safeParse({ ...pick, stakeCents: 99 }))).toEqual(['Minimum bet is $1']);
    expect(issues(pickStakeSchema.safeParse({ stake: 0.99 }))).toEqual(['Minimum bet is $1']);
    expect(pickStakeSchema.parse({ stake: 1 })).toEqual({ stake: 1 });
  });

  // DECISIONS 25: the stake recorded is the one rounded half-up to the cent, so that is the one held to $1
  it('is held to the $1 minimum once rounded to the cent', () => {
    expect(pickStakeSchema.parse({ stake: 0.995 })).toEqual({ stake: 0.995 });
    expect(toCents(pickStakeSchema.parse({ stake: '0.995' }).stake)).toBe(100);
    expect(issues(pickStakeSchema.safeParse({ stake: 0.994 }))).toEqual(['Minimum bet is $1']);
  });

  it('is an amount, never a boolean or an empty text read as $1 or $0', () => {
    expect(pickStakeSchema.parse({ stake: '20.5' })).toEqual({ stake: 20.5 });
    for (const stake of [true, false, '', null, [5], { value: 5 }])
      expect([stake, pickStakeSchema.safeParse({ stake }).success]).toEqual([stake, false]);
    expect(settlePickSchema.safeParse({ status: 'won', actualPayout: true }).success).toBe(false);
    expect(legacyPickSchema.safeParse({ ...pick, stake: true }).success).toBe(false);
    expect(legacyPickSchema.parse({ ...pick, stake: '25' })).toMatchObject({ stake: 25 });
  });
});
