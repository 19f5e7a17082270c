import { LoginThrottle } from './login-throttle';

class ManualClock {
  now = 1_000_000;
  nowMs(): number {
    return this.now;
  }
}

const rule = { maxFailures: 3, lockMs: 15 * 60_000 };

describe('LoginThrottle', () => {
  it('locks on the failure that reaches the limit and reports Retry-After in whole seconds', () => {
    const clock = new ManualClock();
    const throttle = new LoginThrottle(rule, clock);
    for (let i = 0; i < 2; i += 1) {
      expect(throttle.check('k')).toEqual({ allowed: true });
      throttle.recordFailure('k');
    }
    expect(throttle.check('k')).toEqual({ allowed: true });
    throttle.recordFailure('k'); // third failure: locked
    expect(throttle.check('k')).toEqual({ allowed: false, retryAfterSec: 900 });
    clock.now += 1_500;
    expect(throttle.check('k')).toEqual({ allowed: false, retryAfterSec: 899 }); // 898.5 s rounds up
  });

  it('unlocks after the lock and starts counting afresh', () => {
    const clock = new ManualClock();
    const throttle = new LoginThrottle(rule, clock);
    for (let i = 0; i < 3; i += 1) throttle.recordFailure('k');
    clock.now += rule.lockMs;
    expect(throttle.check('k')).toEqual({ allowed: true });
    throttle.recordFailure('k');
    expect(throttle.check('k')).toEqual({ allowed: true });
  });

  it('a success (reset) clears the count', () => {
    const throttle = new LoginThrottle(rule, new ManualClock());
    throttle.recordFailure('k');
    throttle.recordFailure('k');
    throttle.reset('k');
    throttle.recordFailure('k');
    throttle.recordFailure('k');
    expect(throttle.check('k')).toEqual({ allowed: true });
  });

  it('keys are independent', () => {
    const throttle = new LoginThrottle(rule, new ManualClock());
    for (let i = 0; i < 3; i += 1) throttle.recordFailure('a');
    expect(throttle.check('a').allowed).toBe(false);
    expect(throttle.check('b').allowed).toBe(true);
  });

  it('forgets the least recently touched keys beyond its bound', () => {
    const throttle = new LoginThrottle(rule, new ManualClock(), 2);
    throttle.recordFailure('old');
    throttle.recordFailure('mid');
    throttle.recordFailure('old'); // touched again: now the newest
    throttle.recordFailure('new');
    expect(throttle.size).toBe(2);
    for (let i = 0; i < 2; i += 1) throttle.recordFailure('old');
    expect(throttle.check('old').allowed).toBe(false); // its count survived: 3 failures
  });
});
