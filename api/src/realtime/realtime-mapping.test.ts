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

  it.each([
    ['http://localhost:8080', 'localhost:8080', true],
    ['http://LOCALHOST:8080', 'Localhost:8080', true],
    ['https://play.sixer.example', 'play.sixer.example', true],
    ['http://localhost:8080', 'localhost:8081', false],
    ['http://evil.example', 'localhost:8080', false],
    ['javascript:alert(1)', 'localhost:8080', false],
    ['http://localhost:8080', undefined, false],
    ['not a url', 'localhost:8080', false],
  ])('an unlisted origin %j is allowed on its own host %j only (a white-label site, ADR 0074) → %s', (origin, host, expected) => {
    expect(originAllowed(origin, allowed, false, host)).toBe(expected);
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
