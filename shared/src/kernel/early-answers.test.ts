/**
 * @jest-environment node
 */
import { EARLY_ANSWER_TTL_MS, askEarly, earlyAnswerOr, forgetEarlyAnswers, watchEarly } from './early-answers';

afterEach(() => forgetEarlyAnswers());

const T0 = 1_000_000;

describe('early answers (ADR 0085): a screen takes the call its route module asked before it was drawn', () => {
  it('gives the first load the answer asked early, without asking again, and asks anew after that', async () => {
    const call = jest.fn().mockResolvedValueOnce('early').mockResolvedValueOnce('second');
    askEarly(['sports.matchList:4:all', call], T0);
    expect(call).toHaveBeenCalledTimes(1);
    await expect(earlyAnswerOr(['sports.matchList:4:all', call], T0 + 1_000)).resolves.toBe('early');
    expect(call).toHaveBeenCalledTimes(1);
    // A refresh of the same screen asks the server.
    await expect(earlyAnswerOr(['sports.matchList:4:all', call], T0 + 2_000)).resolves.toBe('second');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('asks for itself when nothing was asked early, or under another key', async () => {
    askEarly(['sports.matchList:4:all', jest.fn().mockResolvedValue('cricket')], T0);
    const own = jest.fn().mockResolvedValue('soccer');
    await expect(earlyAnswerOr(['sports.matchList:1:all', own], T0)).resolves.toBe('soccer');
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('leaves an answer older than the TTL to the server, and drops it', async () => {
    askEarly(['casino.games', jest.fn().mockResolvedValue('stale')], T0);
    const own = jest.fn().mockResolvedValue('fresh');
    await expect(earlyAnswerOr(['casino.games', own], T0 + EARLY_ANSWER_TTL_MS + 1)).resolves.toBe('fresh');
    await expect(earlyAnswerOr(['casino.games', own], T0 + EARLY_ANSWER_TTL_MS + 2)).resolves.toBe('fresh');
    expect(own).toHaveBeenCalledTimes(2);
  });

  it('does not ask a fresh key twice (a second prefetch of the same page), but asks a stale one again', () => {
    const call = jest.fn().mockResolvedValue('x');
    askEarly(['k', call], T0);
    askEarly(['k', call], T0 + 10);
    expect(call).toHaveBeenCalledTimes(1);
    askEarly(['k', call], T0 + EARLY_ANSWER_TTL_MS + 1);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed early call, so the screen asks for itself', async () => {
    askEarly(['k', jest.fn().mockRejectedValue(new Error('Network Error'))], T0);
    await new Promise((resolve) => setImmediate(resolve));
    const own = jest.fn().mockResolvedValue('own');
    await expect(earlyAnswerOr(['k', own], T0 + 100)).resolves.toBe('own');
  });

  it('hands a screen that took a call still in flight its failure, as its own call would have', async () => {
    let fail: (error: Error) => void = () => undefined;
    askEarly(['k', () => new Promise((_, reject) => (fail = reject))], T0);
    const own = jest.fn();
    const taken = earlyAnswerOr(['k', own], T0 + 100);
    fail(new Error('Request failed'));
    await expect(taken).rejects.toThrow('Request failed');
    expect(own).not.toHaveBeenCalled();
  });

  it('asks nothing and keeps nothing when the call throws at once', async () => {
    askEarly([
      'k',
      () => {
        throw new Error('no client');
      },
    ], T0);
    const own = jest.fn().mockResolvedValue('own');
    await expect(earlyAnswerOr(['k', own], T0)).resolves.toBe('own');
  });

  it('forgets every answer at sign-out (clearCredentials), so none crosses sessions', async () => {
    const { clearCredentials } = await import('./storage');
    (globalThis as { localStorage?: unknown }).localStorage = { removeItem: () => undefined };
    askEarly(['k', jest.fn().mockResolvedValue('player A')], T0);
    clearCredentials('player');
    const own = jest.fn().mockResolvedValue('player B');
    await expect(earlyAnswerOr(['k', own], T0 + 10)).resolves.toBe('player B');
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });
});

describe('watchEarly (ADR 0085): a live feed watched while the screen loads', () => {
  afterEach(() => jest.useRealTimers());

  it('holds one observer for the hold time, then lets go', () => {
    jest.useFakeTimers();
    let observers = 0;
    const feed = {
      subscribe: () => {
        observers += 1;
        return { unsubscribe: () => (observers -= 1) };
      },
    };
    watchEarly(feed, 1_000);
    expect(observers).toBe(1);
    jest.advanceTimersByTime(999);
    expect(observers).toBe(1);
    jest.advanceTimersByTime(1);
    expect(observers).toBe(0);
  });
});
