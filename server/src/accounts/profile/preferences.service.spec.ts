import { parseInput } from '../../validation/zod-validation.pipe';
import { preferencesUpdateSchema } from './preferences.dto';
import { PreferencesService } from './preferences.service';
import type { PreferencesRepository, PreferencesRow } from '@oddspulse/core';

// The free plan: the one plan with books it may not select (DECISIONS 27).
const free = { plan: 'free', unlimited: false } as const;

function setUp(stored?: Partial<PreferencesRow>) {
  const trx = Symbol('trx');
  const repo = {
    transaction: jest.fn(async (work: (trx: unknown) => Promise<unknown>) => work(trx)),
    // as the repository: the stored row, or the defaults it is given written for a user with none
    findForUpdate: jest.fn(async (_id: string, defaults: Omit<PreferencesRow, 'updated_at'>) =>
      stored
        ? {
            sportsbooks: [],
            props_sportsbooks: [],
            bankroll_cents: 100000,
            favorites: [],
            odds_format: 'american',
            updated_at: new Date(),
            ...stored,
          }
        : { ...defaults, updated_at: new Date() },
    ),
    save: jest.fn(async (_id: string, prefs: Omit<PreferencesRow, 'updated_at'>) => ({
      ...prefs,
      updated_at: new Date('2026-11-21T00:00:00Z'),
    })),
  };
  const service = new PreferencesService(repo as unknown as PreferencesRepository);
  /** PUT /api/preferences: the body through the controller's schema, then the service. */
  const put = async (body: unknown) => service.update('u1', free, parseInput(preferencesUpdateSchema, body));
  return { put, repo, trx };
}

// spec 000 §5 preferences; DECISIONS 16 defaults.
describe('PreferencesService.update', () => {
  it('changes only the fields sent, starting from the defaults when nothing is stored', async () => {
    const { put, repo, trx } = setUp();
    await put({ bankroll: '300' });
    // read and written in the one transaction, under the row's lock
    expect(repo.findForUpdate).toHaveBeenCalledWith('u1', expect.anything(), trx);
    expect(repo.save).toHaveBeenCalledWith(
      'u1',
      {
        sportsbooks: ['draftkings', 'fanduel', 'betmgm', 'williamhill_us'],
        props_sportsbooks: ['draftkings', 'fanduel', 'betmgm', 'williamhill_us'],
        bankroll_cents: 30000,
        favorites: [],
        odds_format: 'american',
        commissions: {},
      },
      trx,
    );
  });

  it('keeps stored books the plan no longer allows when other fields change', async () => {
    const { put, repo } = setUp({ sportsbooks: ['pinnacle', 'fanduel'] });
    const res = await put({ odds_format: 'decimal' });
    expect(repo.save.mock.calls[0][1].sportsbooks).toEqual(['pinnacle', 'fanduel']);
    expect(res.sportsbooks).toEqual(['fanduel']);
    expect(res.sportsbooks_hidden_by_plan).toEqual(['pinnacle']);
  });

  // My Sportsbooks sends the books it shows, the allowed ones, with every save
  it('keeps them when the books sent are the allowed ones, and removes an allowed book left out', async () => {
    const { put, repo } = setUp({ sportsbooks: ['pinnacle', 'fanduel', 'draftkings'], props_sportsbooks: ['bovada'] });
    const res = await put({ sportsbooks: ['draftkings'], props_sportsbooks: ['fanduel'], bankroll: 500 });
    expect(repo.save.mock.calls[0][1]).toMatchObject({
      sportsbooks: ['draftkings', 'pinnacle'],
      props_sportsbooks: ['fanduel', 'bovada'],
    });
    expect(res).toMatchObject({ sportsbooks: ['draftkings'], sportsbooks_hidden_by_plan: ['pinnacle'] });
  });

  it('refuses a body that is not an object, and favourites that are not books', async () => {
    const { put, repo } = setUp();
    await expect(put(['x'])).rejects.toMatchObject({ status: 400 });
    await expect(put({ favorites: ['nosuch'] })).rejects.toMatchObject({
      status: 400,
      response: { message: 'Unknown sportsbook: nosuch' },
    });
    expect(repo.save).not.toHaveBeenCalled();
  });
});
