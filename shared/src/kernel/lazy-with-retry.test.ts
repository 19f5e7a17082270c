import { importWithRetry, lazyWithRetry, retryDelayMs } from './lazy-with-retry';

const noWait = () => Promise.resolve();

describe('importWithRetry', () => {
  it('heals a transient failure', async () => {
    let calls = 0;
    const factory = () => (++calls < 3 ? Promise.reject(new Error('ChunkLoadError')) : Promise.resolve('ok'));
    await expect(importWithRetry(factory, 3, noWait)).resolves.toBe('ok');
    expect(calls).toBe(3);
  });

  it('gives up after the retries', async () => {
    let calls = 0;
    const factory = () => { calls += 1; return Promise.reject(new Error('down')); };
    await expect(importWithRetry(factory, 2, noWait)).rejects.toThrow('down');
    expect(calls).toBe(3);
  });

  it('never retries a webpack timeout', async () => {
    let calls = 0;
    const timeout = Object.assign(new Error('Loading chunk 1 failed'), { type: 'timeout' });
    const factory = () => { calls += 1; return Promise.reject(timeout); };
    await expect(importWithRetry(factory, 3, noWait)).rejects.toBe(timeout);
    expect(calls).toBe(1);
  });

  it('backs off and caps the delay', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([250, 500, 1000, 2000, 2000]);
  });
});

describe('lazyWithRetry', () => {
  const Screen = () => null;

  it('preloads once and resolves to the component itself', async () => {
    let calls = 0;
    const Lazy = lazyWithRetry(() => {
      calls += 1;
      return Promise.resolve({ default: Screen });
    });
    await expect(Lazy.preload()).resolves.toBe(Screen);
    await expect(Lazy.preload()).resolves.toBe(Screen);
    expect(calls).toBe(1);
  });

  it('forgets a failed load, so the next preload imports again', async () => {
    let calls = 0;
    const Lazy = lazyWithRetry(() => {
      calls += 1;
      // importWithRetry's own 3 retries fail too the first time round (4 calls); the fifth loads.
      return calls <= 4 ? Promise.reject(Object.assign(new Error('Loading chunk 7 failed'), { type: 'timeout' })) : Promise.resolve({ default: Screen });
    });
    await expect(Lazy.preload()).rejects.toThrow('Loading chunk 7 failed');
    expect(calls).toBe(1);
    calls = 4;
    await expect(Lazy.preload()).resolves.toBe(Screen);
  });
});
