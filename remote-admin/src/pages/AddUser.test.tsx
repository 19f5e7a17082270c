import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ApiError, on, setUser, type ClientRow, type Role, type UserInfo } from '@backlay/shared';
import { fakeClients, renderWithApis, withMocks } from '@backlay/shared/testing';
import { AddUser } from './AddUser';

const api = withMocks(fakeClients, 'userDetail', 'addUser', 'updateUser');
const apis = { clients: api };

function signedIn(username: string, role: Role, roleLabel: string): UserInfo {
  const info: UserInfo = { _id: `id-${username}`, username, role, roleLabel, sessionId: 's', balance: 0, exposer: 0, changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null };
  setUser(info);
  return info;
}

function detail(username: string, over: Partial<ClientRow> = {}): ClientRow {
  return {
    _id: `id-${username}`, username, displayName: username.toUpperCase(), phone: null, role: 'sadmin', roleLabel: 'Admin', status: 'active', betLock: false, lockedBy: null, betLockedBy: null,
    balance: 0, exposer: 0, available: 0, creditReference: 0, refPL: 0, partnership: 100, commission: 0, exposureLimit: null, childCount: 0,
    createdAt: '2026-11-01T00:00:00Z', ...over,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(path: string, state?: unknown) {
  renderWithApis(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <Routes>
        <Route path="/admin/add-user" element={<AddUser />} />
        <Route path="/admin/add-user/:username" element={<AddUser />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

const type = (label: string, text: string) => userEvent.type(screen.getByLabelText(label), text);

beforeEach(() => jest.resetAllMocks());

describe('AddUser (create)', () => {
  it('shows the server messages for missing and wrong fields', async () => {
    signedIn('ad1', 'sadmin', 'Admin');
    api.userDetail.mockResolvedValue(detail('ad1', { partnership: 80 }));
    renderAt('/admin/add-user');
    expect(await screen.findByRole('heading', { name: 'Add SMDL' })).toBeInTheDocument();
    expect(api.userDetail).toHaveBeenCalledWith('ad1');
    await userEvent.clear(screen.getByLabelText('Credit reference'));
    await userEvent.click(screen.getByRole('button', { name: 'Create SMDL' }));
    for (const message of [
      'Username is required',
      'Display name is required',
      'Password is required',
      'Confirm password is required',
      'Partnership must be between 0 and 100 with at most two decimals',
      'Credit reference must be 0 or more with at most two decimals',
      'Transaction password is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await type('Username', 'ab');
    await userEvent.tab();
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Username'));
    await type('Username', 'a b');
    await type('Phone (optional)', '12-34');
    await type('Password', 'short');
    await type('Confirm password', 'other');
    await type('Partnership %', '80.5');
    await type('Credit reference', '-1');
    await type('Commission %', '101');
    await type('Exposure limit (optional)', '1.234');
    await type('Transaction password', '12');
    await userEvent.click(screen.getByRole('button', { name: 'Create SMDL' }));
    for (const message of [
      "Username may contain only letters, digits, '.', '_' and '-'",
      'Phone number must be 7 to 15 digits, optionally starting with +',
      'Password must be at least 8 characters',
      'Passwords do not match',
      'Partnership 80.5% must not be above your own 80%',
      'Credit reference must be 0 or more with at most two decimals',
      'Commission must be between 0 and 100 with at most two decimals',
      'Exposure limit must be empty or 0 or more with at most two decimals',
      'Transaction password must be exactly 6 digits',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByText(/at most your own partnership \(80%\)/)).toBeInTheDocument();
    expect(api.addUser).not.toHaveBeenCalled();
  });

  it("checks the server's password policy: length, the username, the common list; no composition rules", async () => {
    signedIn('root', 'admin', 'Super Admin');
    api.userDetail.mockResolvedValue(detail('root', { role: 'admin' }));
    renderAt('/admin/add-user');
    await screen.findByRole('heading', { name: 'Add Admin' });
    await type('Username', 'Harbour');
    const password = screen.getByLabelText('Password');
    for (const [typed, message] of [
      ['seven77', 'Password must be at least 8 characters'],
      ['my-harbour-pass', 'Password must not contain the username'],
      ['password1', 'This password is too common and easy to guess: choose another one'],
    ]) {
      await userEvent.clear(password);
      await userEvent.type(password, typed);
      await userEvent.tab();
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    // What composition rules refused before is fine now.
    for (const typed of ['all lower case words', 'ABCDEFG1!', 'Xyzzyplugh7']) {
      await userEvent.clear(password);
      await userEvent.type(password, typed);
      await userEvent.tab();
      await waitFor(() => expect(screen.queryByText(/^Password must|too common/)).toBeNull());
    }
  });

  it('creates an account one tier below with the typed numbers and goes back to the list', async () => {
    // The root holds 100 %: no need to ask for its own detail.
    signedIn('root', 'admin', 'Super Admin');
    api.addUser.mockResolvedValue({ data: detail('newadmin'), message: 'User created successfully' });
    const notices: string[] = [];
    const sub = on('ui.notify').subscribe((n) => notices.push(n.message));
    renderAt('/admin/add-user');
    await screen.findByRole('heading', { name: 'Add Admin' });
    await type('Username', 'newadmin');
    await type('Display name', ' New Admin ');
    await type('Phone (optional)', '+919876543210');
    await type('Password', 'Start#2026');
    await type('Confirm password', 'Start#2026');
    await type('Partnership %', '95.5');
    await userEvent.clear(screen.getByLabelText('Credit reference'));
    await type('Credit reference', '10000.25');
    await userEvent.clear(screen.getByLabelText('Commission %'));
    await type('Commission %', '2');
    expect(screen.getByText(/at most your own partnership \(100%\)/)).toBeInTheDocument();
    await type('Transaction password', '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/list-clients');
    expect(api.userDetail).not.toHaveBeenCalled();
    expect(api.addUser).toHaveBeenCalledWith({
      username: 'newadmin', displayName: 'New Admin', phone: '+919876543210', password: 'Start#2026', role: 'sadmin',
      partnership: 95.5, creditReference: 10000.25, commission: 2, exposureLimit: null, transactionPassword: '123456',
    });
    expect(notices).toEqual(['User created successfully']);
    sub.unsubscribe();
  });

  it('a DL adds a user: no partnership field, partnership 0; a server error shows under the form', async () => {
    signedIn('dl1', 'dl', 'DL');
    api.userDetail.mockResolvedValue(detail('dl1', { role: 'dl', roleLabel: 'DL', partnership: 40 }));
    api.addUser.mockRejectedValue(new ApiError('Username already exists', 409, 'CONFLICT'));
    renderAt('/admin/add-user');
    expect(await screen.findByRole('heading', { name: 'Add USER' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Partnership %')).not.toBeInTheDocument();
    await type('Username', 'player1');
    await type('Display name', 'Player One');
    await type('Password', 'Start#2026');
    await type('Confirm password', 'Start#2026');
    await type('Exposure limit (optional)', '5000');
    await type('Transaction password', '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Create USER' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Username already exists');
    expect(api.addUser).toHaveBeenCalledWith(expect.objectContaining({ role: 'user', partnership: 0, exposureLimit: 5000, phone: undefined }));
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('leaves the cap to the server when its own partnership cannot be read', async () => {
    signedIn('sm1', 'smdl', 'SMDL');
    api.userDetail.mockRejectedValue(new ApiError('You cannot do this to your own account', 403, 'FORBIDDEN'));
    api.addUser.mockRejectedValue(new ApiError('Partnership 95% must not be above your own 80%', 400, 'VALIDATION'));
    renderAt('/admin/add-user');
    expect(await screen.findByRole('heading', { name: 'Add MDL' })).toBeInTheDocument();
    expect(screen.getByText(/at most your own partnership, and not less/)).toBeInTheDocument();
    await type('Username', 'mdl1');
    await type('Display name', 'MDL One');
    await type('Password', 'Start#2026');
    await type('Confirm password', 'Start#2026');
    await type('Partnership %', '95');
    await type('Transaction password', '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Create MDL' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Partnership 95% must not be above your own 80%');
    expect(api.addUser).toHaveBeenCalledWith(expect.objectContaining({ role: 'mdl', partnership: 95 }));
  });
});

describe('AddUser (edit)', () => {
  it('loads the account, edits it without username or password, and returns to where it came from', async () => {
    signedIn('root', 'admin', 'Super Admin');
    api.userDetail.mockImplementation(async (username) =>
      username === 'root'
        ? detail('root', { role: 'admin', partnership: 100 })
        : detail('alpha', { displayName: 'Alpha', phone: '9876543210', partnership: 90, creditReference: 500, commission: 1.5, exposureLimit: 2500 }),
    );
    api.updateUser.mockResolvedValue({ data: detail('alpha'), message: 'User updated successfully' });
    renderAt('/admin/add-user/alpha', { from: '/admin/list-clients/beta' });
    expect(await screen.findByRole('heading', { name: 'Edit alpha' })).toBeInTheDocument();
    expect(api.userDetail).toHaveBeenCalledWith('alpha');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveValue('Alpha');
    expect(screen.getByLabelText('Partnership %')).toHaveValue('90');
    expect(screen.getByLabelText('Exposure limit (optional)')).toHaveValue('2500');
    const partnership = screen.getByLabelText('Partnership %');
    await userEvent.clear(partnership);
    await userEvent.type(partnership, '85');
    await userEvent.clear(screen.getByLabelText('Exposure limit (optional)'));
    await type('Transaction password', '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/list-clients/beta'));
    expect(api.updateUser).toHaveBeenCalledWith({
      username: 'alpha', displayName: 'Alpha', phone: '9876543210', partnership: 85, creditReference: 500, commission: 1.5, exposureLimit: null, transactionPassword: '123456',
    });
  });
});
