import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { JobName } from '@oddspulse/shared';
import { JobRegistryService } from './job-registry.service';
import { OnJob } from './on-job.decorator';

@Injectable()
class TickHandler {
  @OnJob(JobName.FeedsSchedule)
  async tick(data: { scheduledAt: number }) {
    return data.scheduledAt + 1;
  }

  @OnJob(JobName.OddsPoll)
  async odds() {
    return 'odds';
  }

  @OnJob(JobName.OddsStream)
  async stream() {
    return 'stream';
  }

  @OnJob(JobName.PropsPoll)
  async props() {
    return 'props';
  }

  @OnJob(JobName.ScoresPoll)
  async scores() {
    return 'scores';
  }

  @OnJob(JobName.PicksSettleGame)
  async settleGame() {
    return 'settle-game';
  }

  @OnJob(JobName.PicksSettleWindow)
  async settleWindow() {
    return 'settle-window';
  }

  @OnJob(JobName.PicksValidateUser)
  async validateUser() {
    return 'validate-user';
  }

  @OnJob(JobName.PicksRecordClose)
  async recordClose() {
    return 'record-close';
  }

  @OnJob(JobName.BillingReconcile)
  async reconcileBilling() {
    return 'billing-reconcile';
  }

  @OnJob(JobName.BillingRenewals)
  async reconcileRenewals() {
    return 'billing-renewals';
  }

  @OnJob(JobName.AlertsEvaluate)
  async evaluateAlerts() {
    return 'alerts-evaluate';
  }

  @OnJob(JobName.AlertsDeliver)
  async deliverAlert() {
    return 'alerts-deliver';
  }

  @OnJob(JobName.AlertsDigest)
  async alertsDigest() {
    return 'alerts-digest';
  }

  @OnJob(JobName.AlertsRequeue)
  async alertsRequeue() {
    return 'alerts-requeue';
  }

  @OnJob(JobName.OddsHistoryRetain)
  async retainOddsHistory() {
    return 'odds-history-retain';
  }

  @OnJob(JobName.AlertsPriceTargets)
  async priceTargets() {
    return 'alerts-price-targets';
  }

  @OnJob(JobName.SteamRecord)
  async steamRecord() {
    return 'steam-record';
  }
}

@Injectable()
class SecondTickHandler {
  @OnJob(JobName.FeedsSchedule)
  async tick() {
    return 0;
  }
}

async function registryWith(...providers: Array<new (...args: never[]) => unknown>) {
  @Module({ imports: [DiscoveryModule], providers: [JobRegistryService, ...providers] })
  class TestModule {}
  const moduleRef = await Test.createTestingModule({ imports: [TestModule] }).compile();
  await moduleRef.init();
  return moduleRef.get(JobRegistryService);
}

// DEVELOPERS.md: typed job names with exactly one handler each.
describe('JobRegistryService', () => {
  it('runs a job through its one handler', async () => {
    const registry = await registryWith(TickHandler);
    await expect(registry.run({ name: JobName.FeedsSchedule, data: { scheduledAt: 41 } } as never)).resolves.toBe(42);
  });

  it('refuses to start when a job name has two handlers', async () => {
    await expect(registryWith(TickHandler, SecondTickHandler)).rejects.toThrow(
      `Job ${JobName.FeedsSchedule} has more than one handler`,
    );
  });

  it('refuses to start when a job name has no handler', async () => {
    await expect(registryWith()).rejects.toThrow(`No handler for job(s): ${Object.values(JobName).join(', ')}`);
  });
});
