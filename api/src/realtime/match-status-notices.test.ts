import { MATCH_STATUS_MEMORY, MatchStatusNotices } from './match-status-notices';

describe('MatchStatusNotices', () => {
  it('answers a change of status once: a match that starts, then ends', () => {
    const notices = new MatchStatusNotices();
    expect(notices.noticeOf('m1', 'upcoming')).toBeNull();
    expect(notices.noticeOf('m1', 'upcoming')).toBeNull();
    expect(notices.noticeOf('m1', 'inplay')).toEqual({ matchId: 'm1', status: 'inplay' });
    expect(notices.noticeOf('m1', 'inplay')).toBeNull();
    expect(notices.noticeOf('m1', 'closed')).toEqual({ matchId: 'm1', status: 'closed' });
    expect(notices.noticeOf('m1', 'closed')).toBeNull();
  });

  it('answers a match first seen closed (the pages may still show it), not one first seen open', () => {
    const notices = new MatchStatusNotices();
    expect(notices.noticeOf('m1', 'inplay')).toBeNull();
    expect(notices.noticeOf('m2', 'closed')).toEqual({ matchId: 'm2', status: 'closed' });
  });

  it('ignores a change without a status (an admin switch, a settlement) and keeps matches apart', () => {
    const notices = new MatchStatusNotices();
    notices.noticeOf('m1', 'inplay');
    expect(notices.noticeOf('m1', undefined)).toBeNull();
    expect(notices.noticeOf('m2', 'upcoming')).toBeNull();
    expect(notices.noticeOf('m1', 'closed')).toEqual({ matchId: 'm1', status: 'closed' });
    expect(notices.noticeOf('m2', 'upcoming')).toBeNull();
  });

  it('holds a bounded memory: past it, a known match is new again (an open one says nothing)', () => {
    const notices = new MatchStatusNotices();
    for (let i = 0; i < MATCH_STATUS_MEMORY; i += 1) notices.noticeOf(`m${i}`, 'inplay');
    expect(notices.noticeOf('other', 'inplay')).toBeNull();
    expect(notices.noticeOf('m1', 'inplay')).toBeNull();
    expect(notices.noticeOf('m2', 'closed')).toEqual({ matchId: 'm2', status: 'closed' });
  });
});
