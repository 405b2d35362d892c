import { JobName, type OpportunityUpdate } from '@oddspulse/shared';
import type { JobQueueService } from '@oddspulse/core';
import { middleOpportunity } from '@oddspulse/shared/testing';
import { AlertBatches } from './alert-batches';

const update = (action: OpportunityUpdate['action'], opportunity?: object): OpportunityUpdate => ({
  action,
  id: 'x',
  event_id: 'e',
  board: 'odds',
  time_found: '2026-01-10T18:00:00.000Z',
  expires_in: action === 'gone' ? 0 : 1800,
  opportunity,
});

// "the workers evaluate them when detection finds or updates an opportunity (never per socket,
// never per request)": one typed job per published batch, with its new and updated opportunities only.
describe('AlertBatches', () => {
  it('enqueues one evaluation job per batch with the new and updated opportunities', async () => {
    const add = jest.fn().mockResolvedValue(undefined);
    const batches = new AlertBatches({ add } as unknown as JobQueueService);
    const found = middleOpportunity();
    const moved = middleOpportunity({ id: 'mid-2' });
    await batches.enqueue('middles', 'basketball_nba', 1000, [
      update('new', found),
      update('updated', moved),
      update('gone'),
    ]);
    expect(add).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenCalledWith(
      JobName.AlertsEvaluate,
      { kind: 'middle', sport: 'basketball_nba', at: 1000, opportunities: [found, moved] },
      { attempts: 3 },
    );
  });

  it('enqueues nothing for a batch of gone opportunities', async () => {
    const add = jest.fn();
    await new AlertBatches({ add } as unknown as JobQueueService).enqueue('arbitrage', 'basketball_nba', 1000, [
      update('gone'),
    ]);
    expect(add).not.toHaveBeenCalled();
  });
});
