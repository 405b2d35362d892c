import { HttpException } from '@nestjs/common';
import { MAX_JSON_DEPTH } from './json-depth';
import { watchLoop } from '../../../test/support/event-loop-watch';
import { parseWithLargeArray } from './sliced-json';

const limits = { maxItems: 5000, maxItemChars: 1000, maxOtherChars: 200 };

async function refusal(text: string, given = limits) {
  try {
    await parseWithLargeArray(text, 'picks', given);
  } catch (error) {
    return (error as HttpException).getResponse();
  }
  throw new Error('not refused');
}

describe('parseWithLargeArray', () => {
  it("parses what JSON.parse parses: the array's items and the fields around it", async () => {
    const body = { before: 1, picks: [{ a: 'x, ] } [' }, [1, [2]], 'q\\"', null, 3.5], after: { picks: [9] } };
    expect(await parseWithLargeArray(JSON.stringify(body, null, 2), 'picks', limits)).toEqual(body);
    expect(await parseWithLargeArray(' { "picks" : [ ] } ', 'picks', limits)).toEqual({ picks: [] });
    expect(await parseWithLargeArray('{"other":1}', 'picks', limits)).toEqual({ other: 1 });
  });

  it('refuses what JSON.parse refuses', async () => {
    for (const text of [
      '{"picks":[1,]}',
      '{"picks":[1 2]}',
      '{"picks":[,1]}',
      '{"picks":[1]',
      '{"picks":[1]} x',
      '{"a":"picks":[1]}',
      '{"picks":["x]}',
    ]) {
      expect(await refusal(text)).toMatchObject({ statusCode: 400, code: 'INVALID_JSON' });
    }
    expect(await refusal('[1,2]')).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  });

  it('refuses nesting past MAX_JSON_DEPTH inside the items, before parsing them', async () => {
    const deep = `{"picks":[${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}]}`;
    expect(await refusal(deep)).toMatchObject({ statusCode: 400, code: 'JSON_TOO_DEEP' });
    const fits = `{"picks":[${'['.repeat(MAX_JSON_DEPTH - 2)}${']'.repeat(MAX_JSON_DEPTH - 2)}]}`;
    expect(await parseWithLargeArray(fits, 'picks', limits)).toMatchObject({ picks: [expect.any(Array)] });
  });

  it('refuses too many items, a second array of the field and large fields around it; skips an item too long to be one', async () => {
    expect(await refusal('{"picks":[1,2,3]}', { ...limits, maxItems: 2 })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'picks: at most 2 items',
    });
    expect(await refusal('{"picks":[1],"picks":[2]}')).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await refusal(JSON.stringify({ picks: [], other: 'x'.repeat(300) }))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await parseWithLargeArray(JSON.stringify({ picks: [1, 'y'.repeat(2000), 2] }), 'picks', limits)).toEqual({
      picks: [1, undefined, 2],
    });
  });

  it('gives the event loop back while it reads megabytes', async () => {
    const text = JSON.stringify({
      picks: Array.from({ length: 5000 }, (_, i) => ({ id: i, list: Array(1000).fill(0) })),
    });
    // Two reads, the better judged: the loop's thread takes its share of a garbage collection, which can stretch one
    // stretch past the goal; a parse that does not give the loop back is over it in both.
    const stretches: number[] = [];
    for (let run = 0; run < 2; run++) {
      const loop = watchLoop();
      const parsed = await parseWithLargeArray(text, 'picks', { ...limits, maxItemChars: 4_000 }).finally(loop.stop);
      expect((parsed.picks as unknown[]).length).toBe(5000);
      // one blocking parse of the whole (about 60 ms of CPU here) would give no turn at all while it ran
      expect(loop.turns()).toBeGreaterThan(5);
      stretches.push(loop.longest());
    }
    // slices of SLICE_MS, and a garbage collection of what was parsed now and then: within the goal of ~50 ms
    expect(Math.min(...stretches)).toBeLessThan(50);
    // two reads of megabytes in slices: well past jest's 5 s on a machine busy with other processes
  }, 30_000);
});
