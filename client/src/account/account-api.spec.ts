import { fetchPreferences } from './account-api';
import { api } from '../api/client';

jest.mock('../api/client', () => ({ api: { get: jest.fn() } }));

const get = api.get as jest.Mock;

describe('fetchPreferences', () => {
  beforeEach(() => get.mockReset());

  it('shares the request in flight between the parts of a page that read the preferences at once', async () => {
    let answer!: (prefs: unknown) => void;
    get.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const reads = [fetchPreferences(), fetchPreferences(), fetchPreferences()];
    answer({ sportsbooks: ['fanduel'] });
    expect(await Promise.all(reads)).toEqual([
      { sportsbooks: ['fanduel'] },
      { sportsbooks: ['fanduel'] },
      { sportsbooks: ['fanduel'] },
    ]);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('asks again once the request has settled, failed or not (a save in between is read back)', async () => {
    get.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ sportsbooks: ['draftkings'] });
    await expect(fetchPreferences()).rejects.toThrow('offline');
    expect(await fetchPreferences()).toEqual({ sportsbooks: ['draftkings'] });
    expect(get).toHaveBeenCalledTimes(2);
  });
});
