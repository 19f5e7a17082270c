import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MESSAGES, setUser, type UserInfo } from '@backlay/shared';
import { ChangePasswordPage } from './ChangePasswordPage';

jest.mock('../session/session', () => ({ refreshUser: jest.fn() }));

const user: UserInfo = {
  _id: 'u1', username: 'demo-user', role: 'user', roleLabel: 'USER', sessionId: 's1', balance: 0, exposer: 0,
  changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
};

describe('ChangePasswordPage', () => {
  beforeEach(() => act(() => setUser(user)));

  it("previews the server's password policy, and no composition rule", async () => {
    render(
      <MemoryRouter>
        <ChangePasswordPage area="player" />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('Old password'), 'Old#Pass1');
    const next = screen.getByLabelText('New password');
    for (const [typed, message] of [
      ['short', MESSAGES.passwordTooShort],
      ['hi-DEMO-USER-hi', MESSAGES.passwordContainsUsername],
      ['Old#Pass1', MESSAGES.passwordSameAsOld],
      ['qwertyuiop', MESSAGES.passwordTooCommon],
    ]) {
      await userEvent.clear(next);
      await userEvent.type(next, typed);
      await userEvent.tab();
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await userEvent.clear(next);
    await userEvent.type(next, 'lower case words only');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByText(/^Password must|too common|differ from the old/)).toBeNull());
  });
});
