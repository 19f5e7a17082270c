import { MemoryStore } from './shared-store';

class ManualClock {
  now = 5_000;
  nowMs(): number {
    return this.now;
  }
}

describe('MemoryStore', () => {
  it('expires entries on the injected clock', async () => {
    const clock = new ManualClock();
    const store = new MemoryStore(clock);
    await store.set('k', 'v', 1_000);
    expect(await store.get('k')).toBe('v');
    clock.now += 999;
    expect(await store.get('k')).toBe('v');
    clock.now += 1;
    expect(await store.get('k')).toBeNull();
  });

  it('counts, and a count restarts once expired', async () => {
    const clock = new ManualClock();
    const store = new MemoryStore(clock);
    expect(await store.increment('c', 100)).toBe(1);
    expect(await store.increment('c', 100)).toBe(2);
    clock.now += 100;
    expect(await store.increment('c', 100)).toBe(1);
  });

  it('holds places in a set until given back or past their time', async () => {
    const clock = new ManualClock();
    const store = new MemoryStore(clock);
    expect(await store.hold('s', 'a', 100)).toBe(1);
    expect(await store.hold('s', 'b', 100)).toBe(2);
    expect(await store.hold('s', 'a', 100)).toBe(2); // the same member holds one place
    await store.unhold('s', 'a');
    expect(await store.hold('t', 'a', 100)).toBe(1); // sets are apart
    clock.now += 100; // b's place is past its time
    expect(await store.hold('s', 'c', 100)).toBe(1);
    await store.unhold('s', 'c');
    await store.unhold('s', 'nobody');
    expect(await store.hold('s', 'd', 100)).toBe(1);
  });

  it('take gives a value once', async () => {
    const store = new MemoryStore(new ManualClock());
    await store.set('t', 'token', 1_000);
    expect(await store.take('t')).toBe('token');
    expect(await store.take('t')).toBeNull();
  });

  it('forgets the least recently written entries beyond its bound', async () => {
    const store = new MemoryStore(new ManualClock(), 2);
    await store.set('old', '1', 1_000);
    await store.set('mid', '1', 1_000);
    await store.increment('old', 1_000); // written again: now the newest
    await store.set('new', '1', 1_000);
    expect(store.size).toBe(2);
    expect(await store.get('mid')).toBeNull();
    expect(await store.get('old')).toBe('2');
  });
});
