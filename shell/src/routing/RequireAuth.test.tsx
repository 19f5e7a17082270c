import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setUser, writeCredentials, type UserInfo } from '@backlay/shared';
import { RequireAuth } from './RequireAuth';
import { restoreSession } from '../session/session';

jest.mock('../session/session', () => ({
  restoreSession: jest.fn(),
  endSession: jest.fn(() => Promise.resolve()),
}));

const restore = restoreSession as jest.MockedFunction<typeof restoreSession>;

const player: UserInfo = {
  _id: 'u1', username: 'demo-user', role: 'user', roleLabel: 'USER', sessionId: 's1', balance: 10, exposer: 0,
  changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<p>player login</p>} />
        <Route path="/admin/login" element={<p>admin login</p>} />
        <Route element={<RequireAuth area="player" />}>
          <Route path="/" element={<p>home</p>} />
          <Route path="/changepassword" element={<p>change password</p>} />
          <Route path="/transaction-password" element={<p>transaction password</p>} />
        </Route>
        <Route element={<RequireAuth area="admin" />}>
          <Route path="/admin" element={<p>clients</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('RequireAuth', () => {
  beforeEach(() => {
    localStorage.clear();
    act(() => setUser(null));
    restore.mockReset();
  });

  it('sends a visitor without a token to the login page of the area', () => {
    renderAt('/');
    expect(screen.getByText('player login')).toBeInTheDocument();
  });

  it('uses the admin keys on admin paths', () => {
    writeCredentials('player', { token: 't', refreshToken: 'r', sessionId: 's1' });
    renderAt('/admin');
    expect(screen.getByText('admin login')).toBeInTheDocument();
  });

  it('restores the session from storage, then shows the page', async () => {
    writeCredentials('player', { token: 't', refreshToken: 'r', sessionId: 's1' });
    restore.mockImplementation(async () => {
      setUser(player);
      return player;
    });
    renderAt('/');
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(restore).toHaveBeenCalledWith('player');
  });

  it.each([
    [{ mustChangePassword: true, hasTransactionPassword: false }, 'change password'],
    [{ mustChangePassword: false, hasTransactionPassword: false }, 'transaction password'],
  ])('holds a first-login account on its next step (%o)', async (flags, expected) => {
    writeCredentials('player', { token: 't', refreshToken: 'r', sessionId: 's1' });
    act(() => setUser({ ...player, ...flags, changePassAndTxn: true }));
    renderAt('/');
    expect(await screen.findByText(expected)).toBeInTheDocument();
  });

  it('does not let a player session stand in for the admin area', async () => {
    writeCredentials('admin', { token: 't', refreshToken: 'r', sessionId: 's9' });
    act(() => setUser(player));
    restore.mockReturnValue(new Promise(() => undefined));
    renderAt('/admin');
    expect(screen.getByRole('status')).toHaveTextContent('Signing in');
    expect(restore).toHaveBeenCalledWith('admin');
  });
});
