import type { WorkerHeartbeat, WorkerHeartbeatRepository } from '@oddspulse/core';
import type { FeedLanesService } from './feed-lanes.service';
import type { JobRegistryService } from './job-registry.service';
import { WorkerHeartbeatService } from './worker-heartbeat.service';

/** Heartbeats in memory, whose writes land when the test says. */
class HeldHeartbeats {
  readonly stored = new Map<string, WorkerHeartbeat>();
  readonly writes: Array<() => void> = [];
  beat(heartbeat: WorkerHeartbeat): Promise<void> {
    return new Promise((resolve) =>
      this.writes.push(() => {
        this.stored.set(heartbeat.id, heartbeat);
        resolve();
      }),
    );
  }
  async remove(id: string): Promise<void> {
    this.stored.delete(id);
  }
  async heartbeats() {
    return { live: [...this.stored.values()], silent: [] };
  }
}

function service(heartbeats: HeldHeartbeats) {
  const lanes = { follow: jest.fn() };
  const heartbeat = new WorkerHeartbeatService(
    heartbeats as unknown as WorkerHeartbeatRepository,
    { lastJobAt: null } as JobRegistryService,
    lanes as unknown as FeedLanesService,
  );
  return { heartbeat, lanes };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkerHeartbeatService', () => {
  it('leaves only once the beat being written has landed, so the stopping process is not left live', async () => {
    const heartbeats = new HeldHeartbeats();
    const { heartbeat } = service(heartbeats);
    const started = heartbeat.onApplicationBootstrap();
    await settled();
    let left = false;
    const leaving = heartbeat.beforeApplicationShutdown().then(() => (left = true));
    await settled();
    expect(left).toBe(false);
    heartbeats.writes.shift()!();
    await Promise.all([started, leaving]);
    expect(heartbeats.stored.size).toBe(0);
    await heartbeat.onApplicationShutdown();
  });
});
