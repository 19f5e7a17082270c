import { MemoryStore } from '../cluster/shared-store';
import { FAILURES_KEPT_MS, LoginThrottle } from './login-throttle';

class ManualClock {
  now = 1_000_000;
  nowMs(): number {
    return this.now;
  }
}

const rule = { maxFailures: 3, lockMs: 15 * 60_000 };

const throttleOn = (clock: ManualClock, store = new MemoryStore(clock)) => new LoginThrottle(rule, clock, store, 'test');

describe('LoginThrottle', () => {
  it('locks on the failure that reaches the limit and reports Retry-After in whole seconds', async () => {
    const clock = new ManualClock();
    const throttle = throttleOn(clock);
    for (let i = 0; i < 2; i += 1) {
      expect(await throttle.check('k')).toEqual({ allowed: true });
      await throttle.recordFailure('k');
    }
    expect(await throttle.check('k')).toEqual({ allowed: true });
    await throttle.recordFailure('k'); // third failure: locked
    expect(await throttle.check('k')).toEqual({ allowed: false, retryAfterSec: 900 });
    clock.now += 1_500;
    expect(await throttle.check('k')).toEqual({ allowed: false, retryAfterSec: 899 }); // 898.5 s rounds up
  });

  it('unlocks after the lock and starts counting afresh', async () => {
    const clock = new ManualClock();
    const throttle = throttleOn(clock);
    for (let i = 0; i < 3; i += 1) await throttle.recordFailure('k');
    clock.now += rule.lockMs;
    expect(await throttle.check('k')).toEqual({ allowed: true });
    await throttle.recordFailure('k');
    expect(await throttle.check('k')).toEqual({ allowed: true });
  });

  it('a success (reset) clears the count', async () => {
    const throttle = throttleOn(new ManualClock());
    await throttle.recordFailure('k');
    await throttle.recordFailure('k');
    await throttle.reset('k');
    await throttle.recordFailure('k');
    await throttle.recordFailure('k');
    expect(await throttle.check('k')).toEqual({ allowed: true });
  });

  it('keys are independent, and so are throttles that share a store', async () => {
    const clock = new ManualClock();
    const store = new MemoryStore(clock);
    const throttle = throttleOn(clock, store);
    for (let i = 0; i < 3; i += 1) await throttle.recordFailure('a');
    expect((await throttle.check('a')).allowed).toBe(false);
    expect((await throttle.check('b')).allowed).toBe(true);
    expect((await new LoginThrottle(rule, clock, store, 'other').check('a')).allowed).toBe(true);
  });

  it('two throttles on one store (two instances) add their failures up', async () => {
    const clock = new ManualClock();
    const store = new MemoryStore(clock);
    const [a, b] = [throttleOn(clock, store), throttleOn(clock, store)];
    await a.recordFailure('k');
    await b.recordFailure('k');
    expect((await b.check('k')).allowed).toBe(true);
    await a.recordFailure('k');
    expect((await b.check('k')).allowed).toBe(false);
  });

  it('forgets a failure count a day after its last failure', async () => {
    const clock = new ManualClock();
    const throttle = throttleOn(clock);
    await throttle.recordFailure('k');
    await throttle.recordFailure('k');
    clock.now += FAILURES_KEPT_MS - 1;
    await throttle.recordFailure('k'); // still counted: the third failure locks
    expect((await throttle.check('k')).allowed).toBe(false);
    clock.now += rule.lockMs;
    await throttle.recordFailure('k');
    await throttle.recordFailure('k');
    clock.now += FAILURES_KEPT_MS;
    await throttle.recordFailure('k'); // the two before it were forgotten
    expect((await throttle.check('k')).allowed).toBe(true);
  });
});
