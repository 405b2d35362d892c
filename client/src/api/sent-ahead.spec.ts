import { sendAhead, takeSentAhead, type SentAhead } from './sent-ahead';

// The boards the page's boot script sent are the app's own call's answer.
const NOW = 1_700_000_000_000;
const URL = '/api/boards?kind=odds&sports=basketball_nba&markets=h2h&format=packed&require=paid';
const init = (token = 'access-1', method = 'GET'): RequestInit => ({
  method,
  headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
});

function page() {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const target: { fetch: typeof fetch; __oddspulseSentAhead?: SentAhead } = {
    fetch: async (url, given) => {
      sent.push({ url: url as string, init: given ?? {} });
      return new Response('{"boards":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  };
  return { target: target as Pick<Window, 'fetch' | '__oddspulseSentAhead'>, sent };
}

describe('a request sent ahead of the app', () => {
  it('is sent at once, and its answer goes to the first call with the same URL and token, once', async () => {
    const { target, sent } = page();
    sendAhead(URL, init(), target, NOW);
    expect(sent).toEqual([{ url: URL, init: init() }]);
    const answer = takeSentAhead(URL, init(), target, NOW + 300);
    expect(answer).not.toBeNull();
    expect(await (await answer!).json()).toEqual({ boards: [] });
    expect(takeSentAhead(URL, init(), target, NOW + 400)).toBeNull();
  });

  it('is not taken by another call: another URL, another token or another method', () => {
    const { target } = page();
    sendAhead(URL, init(), target, NOW);
    expect(takeSentAhead('/api/me', init(), target, NOW)).toBeNull();
    expect(takeSentAhead(URL, init('access-2'), target, NOW)).toBeNull();
    expect(takeSentAhead(URL, { headers: {} }, target, NOW)).toBeNull();
    expect(takeSentAhead(URL, init('access-1', 'POST'), target, NOW)).toBeNull();
    // still there for the call it was sent for
    expect(takeSentAhead(URL, init(), target, NOW)).not.toBeNull();
  });

  it('is kept a minute, and dropped when no call took it by then', () => {
    const { target } = page();
    sendAhead(URL, init(), target, NOW);
    expect(takeSentAhead(URL, init(), target, NOW + 59_000)).not.toBeNull();
    sendAhead(URL, init(), target, NOW);
    expect(takeSentAhead(URL, init(), target, NOW + 60_001)).toBeNull();
    expect(target.__oddspulseSentAhead).toBeUndefined();
    sendAhead(URL, init(), target, NOW);
    expect(takeSentAhead('/api/me', init(), target, NOW + 60_001)).toBeNull();
    expect(target.__oddspulseSentAhead).toBeUndefined();
  });

  it("ends with the taking call's own abort (its time-out, or its screen cancelling it) when that comes first", async () => {
    const target = { fetch: () => new Promise<Response>(() => undefined) } as unknown as Pick<
      Window,
      'fetch' | '__oddspulseSentAhead'
    >;
    sendAhead(URL, init(), target, NOW);
    const controller = new AbortController();
    const answer = takeSentAhead(URL, { ...init(), signal: controller.signal }, target, NOW);
    controller.abort(new Error('timed out'));
    await expect(answer).rejects.toThrow('timed out');
  });

  it("passes on the sent request's failure to the call that takes it", async () => {
    const target = { fetch: () => Promise.reject(new TypeError('Failed to fetch')) } as unknown as Pick<
      Window,
      'fetch' | '__oddspulseSentAhead'
    >;
    sendAhead(URL, init(), target, NOW);
    await expect(takeSentAhead(URL, { ...init(), signal: new AbortController().signal }, target, NOW)).rejects.toThrow(
      'Failed to fetch',
    );
  });
});
