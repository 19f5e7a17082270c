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

  it('releases one from a count, never below zero, and an absent count stays absent', async () => {
    const store = new MemoryStore(new ManualClock());
    await store.increment('c', 100);
    await store.increment('c', 100);
    await store.release('c');
    expect(await store.get('c')).toBe('1');
    await store.release('c');
    expect(await store.get('c')).toBeNull();
    await store.release('c');
    expect(await store.get('c')).toBeNull();
    expect(await store.increment('c', 100)).toBe(1);
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
