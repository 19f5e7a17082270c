import { importWithRetry, retryDelayMs } from './lazy-with-retry';

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
