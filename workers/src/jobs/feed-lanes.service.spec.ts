import { Logger } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { FEED_LANES, QueueName } from '@oddspulse/shared';
import { FeedLanesService } from './feed-lanes.service';

/** A BullMQ worker as far as the lanes use it: paused or running. */
function laneWorker() {
  let paused = false;
  return {
    isPaused: () => paused,
    pause: jest.fn(async () => void (paused = true)),
    resume: jest.fn(async () => void (paused = false)),
  };
}

describe('FeedLanesService', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('runs every lane until the first split, then pauses the lanes another live worker owns and runs them again when it goes', () => {
    const lanes = new FeedLanesService();
    const workers = FEED_LANES.map(() => laneWorker());
    FEED_LANES.forEach((lane, i) => lanes.register(lane, workers[i] as unknown as Worker));
    expect(workers.map((w) => w.isPaused())).toEqual([false, false, false, false, false, false]);

    lanes.follow('a', ['b', 'a']);
    expect(lanes.lanes()).toEqual([QueueName.FeedLane1, QueueName.FeedLane3, QueueName.FeedLane5]);
    expect(workers.map((w) => w.isPaused())).toEqual([false, true, false, true, false, true]);

    lanes.follow('a', ['a']);
    expect(workers.map((w) => w.isPaused())).toEqual([false, false, false, false, false, false]);
    expect(workers[1].resume).toHaveBeenCalledTimes(1);
  });

  it('pauses a lane registered after the split when another worker owns it', () => {
    const lanes = new FeedLanesService();
    lanes.follow('b', ['a', 'b']);
    const first = laneWorker();
    const second = laneWorker();
    lanes.register(QueueName.FeedLane1, first as unknown as Worker);
    lanes.register(QueueName.FeedLane2, second as unknown as Worker);
    expect([first.isPaused(), second.isPaused()]).toEqual([true, false]);
  });

  it('applies the split again at the next beat when a pause failed', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const lanes = new FeedLanesService();
    const worker = laneWorker();
    worker.pause.mockRejectedValueOnce(new Error('Connection is closed.'));
    lanes.register(QueueName.FeedLane2, worker as unknown as Worker);
    lanes.follow('a', ['a', 'b']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(worker.isPaused()).toBe(false);
    lanes.follow('a', ['a', 'b']);
    expect(worker.isPaused()).toBe(true);
    expect(worker.pause).toHaveBeenCalledTimes(2);
  });
});
