import { JobName, ODDS_POLL_LONGEST_MS } from '@oddspulse/shared';
import { ON_JOB } from '../jobs/on-job.decorator';
import { OddsPipelineService, type PollResult } from './odds-pipeline.service';

const NOW = Date.parse('2022-08-24T12:00:00Z');
const NFL = 'americanfootball_nfl';

/** The pipeline with its poll stubbed: what the jobs hand it, and whether the provider would be asked. */
function setUp() {
  const none = {} as never;
  const pipeline = new OddsPipelineService(none, () => NOW, none, none, none, none, none, none, none, {
    PROPS_INTERVAL_MS: 120_000,
  });
  const polled = (kind: 'odds' | 'props'): PollResult => ({ sport: NFL, kind, outcome: 'updated' });
  const pollOdds = jest.spyOn(pipeline, 'pollOdds').mockResolvedValue(polled('odds'));
  const pollProps = jest.spyOn(pipeline, 'pollProps').mockResolvedValue(polled('props'));
  return { pipeline, pollOdds, pollProps };
}

describe('the odds and props poll jobs', () => {
  it('are the handlers of odds.poll and props.poll', () => {
    const { pipeline } = setUp();
    expect(Reflect.getMetadata(ON_JOB, pipeline.oddsPollJob)).toBe(JobName.OddsPoll);
    expect(Reflect.getMetadata(ON_JOB, pipeline.propsPollJob)).toBe(JobName.PropsPoll);
  });

  it('poll while their tick is within its cadence', async () => {
    const { pipeline, pollOdds, pollProps } = setUp();
    await pipeline.oddsPollJob({ sport: NFL, tick: NOW - ODDS_POLL_LONGEST_MS });
    await pipeline.propsPollJob({ sport: NFL, tick: NOW - 120_000 });
    expect(pollOdds).toHaveBeenCalledTimes(1);
    expect(pollProps).toHaveBeenCalledTimes(1);
  });

  // A week-old failed poll retried from the queue console paid The Odds API for prices long superseded.
  it('complete without polling once their tick is past its cadence, saying why', async () => {
    const { pipeline, pollOdds, pollProps } = setUp();
    const weekOld = NOW - 7 * 86_400_000;
    for (let i = 0; i < 3; i++)
      expect(await pipeline.oddsPollJob({ sport: NFL, tick: weekOld + i * 30_000 })).toMatchObject({
        outcome: 'skipped',
        reason: expect.stringMatching(/^Not polled: its tick .* past its cadence of 300 s/),
      });
    expect(await pipeline.propsPollJob({ sport: NFL, tick: NOW - 120_001 })).toMatchObject({
      sport: NFL,
      kind: 'props',
      outcome: 'skipped',
      reason: expect.stringMatching(/past its cadence of 120 s/),
    });
    expect(pollOdds).not.toHaveBeenCalled();
    expect(pollProps).not.toHaveBeenCalled();
  });
});
