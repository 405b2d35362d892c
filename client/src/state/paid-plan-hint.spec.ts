import { MemoryStorage } from '../../test-support/memory-storage';
import { lastSeenPaid, PAID_PLAN_KEY, rememberPaidPlan } from './paid-plan-hint';

const memoryStorage = () => new MemoryStorage();

// DECISIONS 2: the early boards of /sportsbooks are asked for only for a plan last seen paid
describe('the paid plan hint', () => {
  it('is paid only for the user it was written for', () => {
    const storage = memoryStorage();
    rememberPaidPlan(storage, 'user-1', true);
    expect(lastSeenPaid(storage, 'user-1')).toBe(true);
    expect(lastSeenPaid(storage, 'user-2')).toBe(false);
  });

  it('follows the plan as /api/me answers it', () => {
    const storage = memoryStorage();
    rememberPaidPlan(storage, 'user-1', true);
    rememberPaidPlan(storage, 'user-1', false);
    expect(lastSeenPaid(storage, 'user-1')).toBe(false);
  });

  it('is unknown (not paid) with nothing kept, no browser, or a note it cannot read, which is dropped', () => {
    expect(lastSeenPaid(memoryStorage(), 'user-1')).toBe(false);
    expect(lastSeenPaid(null, 'user-1')).toBe(false);
    const storage = memoryStorage();
    storage.setItem(PAID_PLAN_KEY, '{not json');
    expect(lastSeenPaid(storage, 'user-1')).toBe(false);
    expect(storage.getItem(PAID_PLAN_KEY)).toBeNull();
  });
});
