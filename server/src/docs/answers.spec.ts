import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { newestUpdate, normaliseOddsApiV4, scanBoard } from '@oddspulse/shared';
import { arbitrageAnswerSchema, evAnswerSchema } from './answers';
import { openApiSchema } from './json-schema';

const EPL = join(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  'shared',
  'fixtures',
  'the-odds-api',
  'v4_odds_soccer_epl_eu-uk_h2h-spreads-totals-h2h_lay_decimal_2025-05-02.json',
);

// The documented answer of GET /api/arbitrage holds a back/lay arbitrage as the engine finds it: its kind and its
// lay leg's `lay` and `liability` are in the schema, not passed through as undocumented fields
describe('the documented arbitrage answer', () => {
  it('validates the back/lay arbitrage of the recorded EPL board, and names the lay leg’s fields', () => {
    const events = normaliseOddsApiV4(JSON.parse(readFileSync(EPL, 'utf8'))).events;
    const opportunities = scanBoard(events, { arbitrage: { minProfitPct: 0 } }, newestUpdate(events)!).arbitrage;
    expect(opportunities.some((o) => o.kind === 'back_lay')).toBe(true);
    const schema = openApiSchema(arbitrageAnswerSchema, 'output');
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    expect(
      validate({ opportunities, boards: [], unavailable: [], generated_at: '2025-05-02T22:21:29Z', positions: {} })
        ? []
        : validate.errors,
    ).toEqual([]);
    const text = JSON.stringify(schema);
    expect(text).toContain('"back_lay"');
    expect(text).toContain('"liability"');
  });
});

// GET /api/ev answers when each bet was found and how long it is shown, as the arbitrage and middles answers do
describe('the documented +EV answer', () => {
  it('validates the bets of the recorded EPL board, found time and expiry named and required', () => {
    const events = normaliseOddsApiV4(JSON.parse(readFileSync(EPL, 'utf8'))).events;
    const opportunities = scanBoard(events, { ev: { minEvPct: -100 } }, newestUpdate(events)!).ev;
    expect(opportunities.length).toBeGreaterThan(0);
    const schema = openApiSchema(evAnswerSchema, 'output');
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    expect(
      validate({ opportunities, boards: [], unavailable: [], generated_at: '2025-05-02T22:21:29Z' })
        ? []
        : validate.errors,
    ).toEqual([]);
    const bet = (schema as { properties: { opportunities: { items: { required: string[] } } } }).properties
      .opportunities.items;
    expect(bet.required).toEqual(expect.arrayContaining(['timeFound', 'expiresIn']));
  });
});
