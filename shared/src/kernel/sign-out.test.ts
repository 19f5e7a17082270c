import { MESSAGES } from '../contracts/messages';
import { SECURITY_MESSAGES } from '../contracts/security';
import { clearSignOut, rememberSignOut, signedOutBecause, signOutNotice } from './sign-out';

describe('why a tab was signed out', () => {
  beforeEach(() => sessionStorage.clear());

  it.each([
    ['ACCOUNT_LOCKED', undefined, 'locked'],
    ['SESSION_SIGNED_OUT', undefined, 'signed_out'],
    ['SESSION_REVOKED', undefined, 'revoked'],
    ['SESSION_PASSWORD_CHANGED', undefined, 'password_changed'],
    ['SESSION_ENDED', 'locked', 'locked'],
    ['SESSION_ENDED', 'password_reset', 'password_reset'],
    ['SESSION_ENDED', 'idle', 'idle'],
    ['SESSION_ENDED', 'something else', 'replaced'],
    ['SESSION_ENDED', undefined, 'replaced'],
    ['TOKEN_INVALID', undefined, null],
    ['TOKEN_EXPIRED', undefined, null],
    [undefined, undefined, null],
  ])('code %s with reason %s → %s', (code, reason, expected) => {
    expect(signedOutBecause(code, reason)).toBe(expected);
  });

  it('keeps the reason per area until cleared, and ignores what it does not know', () => {
    rememberSignOut('admin', 'revoked');
    expect(signOutNotice('admin')).toBe(MESSAGES.sessionRevoked);
    expect(signOutNotice('player')).toBeNull();
    clearSignOut('admin');
    expect(signOutNotice('admin')).toBeNull();
    rememberSignOut('player', 'idle');
    expect(signOutNotice('player')).toBe(SECURITY_MESSAGES.sessionEndedIdle);
    sessionStorage.setItem('signed_out_reason', '<script>');
    expect(signOutNotice('player')).toBeNull();
  });
});
