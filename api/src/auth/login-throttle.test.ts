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

/** One wrong secret, evaluated unless refused. */
const fail = (throttle: LoginThrottle, key = 'k') => throttle.attempt(key, () => Promise.resolve(false));
const succeed = (throttle: LoginThrottle, key = 'k') => throttle.attempt(key, () => Promise.resolve(true));

describe('LoginThrottle', () => {
  it('locks on the failure that reaches the limit and reports Retry-After in whole seconds', async () => {
    const clock = new ManualClock();
    const throttle = throttleOn(clock);
    for (let i = 0; i < 2; i += 1) {
      expect(await throttle.check('k')).toEqual({ allowed: true });
      expect(await fail(throttle)).toEqual({ kind: 'wrong' });
    }
    expect(await throttle.check('k')).toEqual({ allowed: true });
    expect(await fail(throttle)).toEqual({ kind: 'wrong' }); // third failure: locked
    expect(await throttle.check('k')).toEqual({ allowed: false, retryAfterSec: 900 });
    clock.now += 1_500;
    expect(await throttle.check('k')).toEqual({ allowed: false, retryAfterSec: 899 }); // 898.5 s rounds up
    expect(await succeed(throttle)).toEqual({ kind: 'refused', retryAfterSec: 899 });
  });

  it('unlocks after the lock and starts counting afresh', async () => {
    const clock = new ManualClock();
    const throttle = throttleOn(clock);
    for (let i = 0; i < 3; i += 1) await fail(throttle);
    // Attempts refused during the lock are not counted.
    for (let i = 0; i < 5; i += 1) expect((await fail(throttle)).kind).toBe('refused');
    clock.now += rule.lockMs;
    expect(await throttle.check('k')).toEqual({ allowed: true });
    expect(await fail(throttle)).toEqual({ kind: 'wrong' });
    expect(await fail(throttle)).toEqual({ kind: 'wrong' });
    expect(await throttle.check('k')).toEqual({ allowed: true });
  });

  it('a success (reset) clears the count', async () => {
    const throttle = throttleOn(new ManualClock());
    await fail(throttle);
    await fail(throttle);
    expect(await succeed(throttle)).toEqual({ kind: 'right' });
    await fail(throttle);
    await fail(throttle);
    expect(await throttle.check('k')).toEqual({ allowed: true });
  });

  it('keys are independent, and so are throttles that share a store', async () => {
    const clock = new ManualClock();
    const store = new MemoryStore(clock);
    const throttle = throttleOn(clock, store);
    for (let i = 0; i < 3; i += 1) await fail(throttle, 'a');
    expect((await throttle.check('a')).allowed).toBe(false);
    expect((await throttle.check('b')).allowed).toBe(true);
    expect((await new LoginThrottle(rule, clock, store, 'other').check('a')).allowed).toBe(true);
  });

  it('two throttles on one store (two instances) add their failures up', async () => {
    const clock = new ManualClock();
    const store = new MemoryStore(clock);
    const [a, b] = [throttleOn(clock, store), throttleOn(clock, store)];
    await fail(a);
    await fail(b);
    expect((await b.check('k')).allowed).toBe(true);
    await fail(a);
    expect((await b.check('k')).allowed).toBe(false);
  });

  it('forgets a failure count a day after its last failure', async () => {
    const clock = new ManualClock();
    const throttle = throttleOn(clock);
    await fail(throttle);
    await fail(throttle);
    clock.now += FAILURES_KEPT_MS - 1;
    await fail(throttle); // still counted: the third failure locks
    expect((await throttle.check('k')).allowed).toBe(false);
    clock.now += rule.lockMs;
    await fail(throttle);
    await fail(throttle);
    clock.now += FAILURES_KEPT_MS;
    await fail(throttle); // the two before it were forgotten
    expect((await throttle.check('k')).allowed).toBe(true);
  });

  describe('attempts at once', () => {
    /** Evaluations that finish only when released, counted. */
    function pending() {
      const waiting: ((right: boolean) => void)[] = [];
      const evaluate = () => new Promise<boolean>((resolve) => waiting.push(resolve));
      return { evaluate, waiting };
    }

    it('of 100 at once, only the limit is evaluated; the rest are refused and start the lock', async () => {
      const clock = new ManualClock();
      const throttle = throttleOn(clock);
      const { evaluate, waiting } = pending();
      const outcomes = Array.from({ length: 100 }, () => throttle.attempt('k', evaluate));
      const settled = Promise.all(outcomes);
      await new Promise((resolve) => setImmediate(resolve));
      expect(waiting).toHaveLength(3);
      for (const resolve of waiting) resolve(false);
      const results = await settled;
      expect(results.filter((r) => r.kind === 'wrong')).toHaveLength(3);
      expect(results.filter((r) => r.kind === 'refused')).toHaveLength(97);
      expect(results.at(-1)).toEqual({ kind: 'refused', retryAfterSec: 900 });
      expect(await throttle.check('k')).toEqual({ allowed: false, retryAfterSec: 900 });
    });

    it('one beyond the limit waits unevaluated; a right secret among the admitted frees the count and it takes its turn', async () => {
      const clock = new ManualClock();
      const throttle = throttleOn(clock);
      const { evaluate, waiting } = pending();
      const admitted = Array.from({ length: 3 }, () => throttle.attempt('k', evaluate));
      await new Promise((resolve) => setImmediate(resolve));
      let evaluatedBeyond = 0;
      const beyond = throttle.attempt('k', () => {
        evaluatedBeyond += 1;
        return Promise.resolve(true);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(evaluatedBeyond).toBe(0);
      waiting[0]?.(false);
      waiting[1]?.(true);
      waiting[2]?.(false);
      expect((await Promise.all(admitted)).map((r) => r.kind)).toEqual(['wrong', 'right', 'wrong']);
      expect(await beyond).toEqual({ kind: 'right' });
      expect(evaluatedBeyond).toBe(1);
      // Its success reset the key: the failure after it is the first of a new count.
      expect(await throttle.check('k')).toEqual({ allowed: true });
      expect(await fail(throttle)).toEqual({ kind: 'wrong' });
    });

    it('the same right secret sent ten times at once (limit 3) is admitted in turns, every one right', async () => {
      const throttle = throttleOn(new ManualClock());
      const right = async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return true;
      };
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => throttle.attempt('k', right)));
      expect(outcomes.every((o) => o.kind === 'right')).toBe(true);
      expect(await throttle.check('k')).toEqual({ allowed: true });
    });

    it('a throw of the evaluation counts as a failure and is rethrown', async () => {
      const throttle = throttleOn(new ManualClock());
      for (let i = 0; i < 3; i += 1) {
        await expect(throttle.attempt('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      }
      expect((await throttle.check('k')).allowed).toBe(false);
    });
  });
});
