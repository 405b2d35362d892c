import { QueryClient } from '@tanstack/react-query';
import { preferencesQuery } from '../../state/session-api';
import { api } from '../../api/client';

// the typed client over an ApiClient whose every request is this mock: what a route answered is what it resolves
jest.mock('../../api/client', () => {
  const { typedClient } = jest.requireActual<typeof import('../../api/typed-client')>('../../api/typed-client');
  const client = { request: jest.fn() };
  return { api: client, typedApi: typedClient(client as never) };
});

const get = api.request as jest.Mock;

describe('preferencesQuery', () => {
  beforeEach(() => get.mockReset());

  it('shares the request in flight between the parts of a page that read the preferences at once', async () => {
    const client = new QueryClient();
    let answer!: (prefs: unknown) => void;
    get.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const query = preferencesQuery('user-1');
    const reads = [client.fetchQuery(query), client.fetchQuery(query), client.fetchQuery(query)];
    answer({ sportsbooks: ['fanduel'] });
    expect(await Promise.all(reads)).toEqual([
      { sportsbooks: ['fanduel'] },
      { sportsbooks: ['fanduel'] },
      { sportsbooks: ['fanduel'] },
    ]);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("keeps one user's preferences from another's", async () => {
    const client = new QueryClient();
    get.mockResolvedValueOnce({ sportsbooks: ['fanduel'] }).mockResolvedValueOnce({ sportsbooks: ['draftkings'] });
    expect(await client.fetchQuery(preferencesQuery('user-1'))).toEqual({ sportsbooks: ['fanduel'] });
    expect(await client.fetchQuery(preferencesQuery('user-2'))).toEqual({ sportsbooks: ['draftkings'] });
    expect(get).toHaveBeenCalledTimes(2);
  });
});
