import { ApiClient, ApiError } from './api-client';
import { typedClient } from './typed-client';

type Call = { url: string; init: RequestInit };

/** An ApiClient over a scripted fetch, signed out unless a test signs in. */
function setup(answers: Array<(call: Call) => Response>) {
  const calls: Call[] = [];
  const api = new ApiClient({
    fetch: async (url, init) => {
      calls.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call ${url}`);
      return answer({ url, init });
    },
    sessions: { read: () => null, write: () => {}, clear: () => {}, takeLegacy: () => null },
    now: () => 0,
    sleep: async () => {},
    csrfToken: () => 'csrf-abc',
    emit: () => {},
  });
  return { typed: typedClient(api), calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('typedClient', () => {
  it('sends a typed query through ApiClient and answers its typed body', async () => {
    const { typed, calls } = setup([() => json(200, { opportunities: [], lastUpdated: null })]);
    const { data } = await typed.GET('/api/arbitrage', {
      params: { query: { sports: 'basketball_nba', minProfit: 0.5 } },
    });
    expect(data?.opportunities).toEqual([]);
    expect(calls[0].url).toBe('/api/arbitrage?sports=basketball_nba&minProfit=0.5');
    expect(calls[0].init.credentials).toBe('same-origin');
  });

  it('sends a typed body with the CSRF header, and an empty answer is no data', async () => {
    const { typed, calls } = setup([() => new Response(null, { status: 204 })]);
    const { data } = await typed.PATCH('/api/picks/{id}/stake', {
      params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
      body: { stake: 25 },
    });
    expect(data).toBeUndefined();
    expect(calls[0].init.method).toBe('PATCH');
    expect(calls[0].init.body).toBe('{"stake":25}');
    expect((calls[0].init.headers as Record<string, string>)['x-csrf-token']).toBe('csrf-abc');
  });

  it("retries a GET on a 5xx and throws the catalogue's ApiError on a refusal, as ApiClient does", async () => {
    const refusal = { statusCode: 400, code: 'VALIDATION_FAILED', message: 'sports: required' };
    const { typed, calls } = setup([() => json(503, {}), () => json(400, refusal)]);
    await expect(typed.GET('/api/arbitrage', { params: { query: {} } })).rejects.toEqual(
      new ApiError(400, 'sports: required', 'VALIDATION_FAILED', refusal),
    );
    expect(calls).toHaveLength(2);
  });
});
