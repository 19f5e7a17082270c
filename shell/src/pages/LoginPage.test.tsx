import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MESSAGES, rememberSignOut, type SignedOutBecause } from '@backlay/shared';
import { LoginPage } from './LoginPage';

jest.mock('../session/session', () => ({ completeLogin: jest.fn() }));

function renderLogin(area: 'player' | 'admin') {
  return render(
    <MemoryRouter initialEntries={[area === 'admin' ? '/admin/login' : '/login']}>
      <LoginPage area={area} />
    </MemoryRouter>,
  );
}

describe('LoginPage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it.each<[SignedOutBecause, string]>([
    ['locked', MESSAGES.signedOutLocked],
    ['password_reset', MESSAGES.signedOutPasswordReset],
    ['signed_out', MESSAGES.sessionSignedOut],
    ['revoked', MESSAGES.sessionRevoked],
    ['password_changed', MESSAGES.sessionPasswordChanged],
    ['replaced', MESSAGES.sessionEnded],
  ])('says why this tab was signed out (%s)', (because, message) => {
    rememberSignOut('player', because);
    renderLogin('player');
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('says nothing after an ordinary sign-out, and keeps the areas apart', () => {
    rememberSignOut('admin', 'password_reset');
    renderLogin('player');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
