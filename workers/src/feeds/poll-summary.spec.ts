import { Logger } from '@nestjs/common';
import { PollSummary, summarisePolls } from './poll-summary';

describe('the feeds summary line', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sums a minute of polls by kind, with the publish time at the median and the 99th percentile', () => {
    const samples = [
      ...Array.from({ length: 99 }, (_, i) => ({ kind: 'odds', events: 10, changedEvents: 1, publishMs: i + 1 })),
      { kind: 'odds', events: 10, changedEvents: 0, publishMs: 500 },
      { kind: 'scores', events: 4, changedEvents: 2 },
    ];
    expect(summarisePolls(samples, 3)).toEqual({
      polls: 101,
      byKind: { odds: 100, scores: 1 },
      events: 1004,
      changedEvents: 101,
      failures: 3,
      publishes: 100,
      publishMsP50: 50,
      publishMsP99: 99,
    });
  });

  it('gives no publish times for a minute that published nothing', () => {
    expect(summarisePolls([{ kind: 'scores', events: 4, changedEvents: 0 }], 0)).toMatchObject({
      publishes: 0,
      publishMsP50: null,
      publishMsP99: null,
    });
  });

  it('writes one line for the period and starts the next, and nothing for a period without polls', () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const summary = new PollSummary();
    for (let i = 0; i < 40; i++) summary.polled({ kind: 'odds', events: 12, changedEvents: 2, publishMs: 5 });
    summary.failed();
    summary.write();
    summary.write();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatchObject({
      msg: 'Polls in the last minute: 40, 80 changed events, 1 failed',
      polls: 40,
      failures: 1,
    });
  });
});
