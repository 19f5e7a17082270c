import { DomainEvents } from '../common/domain-events';
import { originAllowed, sessionRoom, toBalancePayload, userRoom } from './realtime.server';

describe('socket message mapping', () => {
  it('balance is sent in rupees', () => {
    expect(toBalancePayload({ balanceMinor: 12_345n, exposureMinor: 4_505n }, { betId: 'b-1' })).toEqual({ balance: 123.45, exposer: 45.05, betId: 'b-1' });
    expect(toBalancePayload({ balanceMinor: 0n, exposureMinor: 0n }, { journalId: 'j-1' })).toEqual({ balance: 0, exposer: 0, journalId: 'j-1' });
  });

  it('rooms are named by user and session', () => {
    expect(userRoom('u1')).toBe('user:u1');
    expect(sessionRoom('s1')).toBe('session:s1');
  });
});

describe('originAllowed', () => {
  const allowed = ['http://127.0.0.1:8080'];
  it.each([
    ['http://127.0.0.1:8080', false, true],
    ['http://127.0.0.1:8081', true, false],
    ['http://evil.example', true, false],
    [undefined, true, true],
    [undefined, false, false],
    ['', false, false],
  ])('origin %j (missing allowed: %s) → %s', (origin, allowMissing, expected) => {
    expect(originAllowed(origin, allowed, allowMissing)).toBe(expected);
  });
});

describe('DomainEvents', () => {
  it('delivers to every listener, survives a failing one and unsubscribes', () => {
    const failures: unknown[] = [];
    const events = new DomainEvents((error) => failures.push(error));
    const seen: string[] = [];
    events.on('session.ended', () => {
      throw new Error('boom');
    });
    const off = events.on('session.ended', (e) => seen.push(e.userId));
    const payload = { userId: 'u1', endedSessionIds: [], liveSessionId: null, reason: 'logout' as const };
    events.publish('session.ended', payload);
    off();
    events.publish('session.ended', payload);
    expect(seen).toEqual(['u1']);
    expect(failures).toHaveLength(2);
  });
});
