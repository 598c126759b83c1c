import { describe, expect, it } from 'vitest';
import { createTrafficBudget } from './trafficBudget';

const allowance = {
  messagesPerSecond: 10,
  messagesBurst: 20,
  bytesPerSecond: 1000,
  bytesBurst: 500,
};

describe('createTrafficBudget', () => {
  it('lets a burst through, then the rate, in messages', () => {
    let now = 0;
    const budget = createTrafficBudget(allowance, () => now);
    let passed = 0;
    for (let i = 0; i < 50; i++) if (budget.take('ana', 1, 0)) passed += 1;
    expect(passed).toBe(20);
    now += 500;
    passed = 0;
    for (let i = 0; i < 50; i++) if (budget.take('ana', 1, 0)) passed += 1;
    expect(passed).toBe(5);
  });

  it('counts bytes, and a message that does not fit takes nothing', () => {
    let now = 0;
    const budget = createTrafficBudget(allowance, () => now);
    expect(budget.take('ana', 1, 300)).toBe(true);
    // 200 left: a 300-byte message is refused, and the 200 are still there for a smaller one.
    expect(budget.take('ana', 1, 300)).toBe(false);
    expect(budget.take('ana', 1, 200)).toBe(true);
    expect(budget.take('ana', 1, 1)).toBe(false);
    now += 300;
    expect(budget.take('ana', 1, 300)).toBe(true);
  });

  it('never holds more than its burst, however long a key was quiet', () => {
    let now = 0;
    const budget = createTrafficBudget(allowance, () => now);
    now += 60_000;
    expect(budget.take('ana', 1, 501)).toBe(false);
    expect(budget.take('ana', 1, 500)).toBe(true);
  });

  it('weighs a costly message as several', () => {
    const budget = createTrafficBudget(allowance, () => 0);
    expect(budget.take('ana', 15, 0)).toBe(true);
    expect(budget.take('ana', 15, 0)).toBe(false);
    expect(budget.take('ana', 5, 0)).toBe(true);
  });

  it('keeps keys apart, gives back what another budget refused, and forgets quiet keys', () => {
    let now = 0;
    const budget = createTrafficBudget(allowance, () => now);
    expect(budget.take('ana', 20, 500)).toBe(true);
    expect(budget.take('bruno', 20, 500)).toBe(true);
    expect(budget.take('ana', 1, 0)).toBe(false);
    budget.giveBack('ana', 1, 100);
    expect(budget.take('ana', 1, 100)).toBe(true);
    expect(budget.size).toBe(2);
    now += 10_000;
    budget.take('cy', 1, 1);
    // Ana's and Bruno's buckets are full again: nothing to remember.
    expect(budget.size).toBe(1);
  });
});
