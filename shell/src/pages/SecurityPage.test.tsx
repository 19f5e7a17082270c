import { act, screen } from '@testing-library/react';
import { SECURITY_MESSAGES, setUser, type UserInfo } from '@backlay/shared';
import { fakeSecurity, renderWithApis, withMocks } from '@backlay/shared/testing';
import { SecurityPage } from './SecurityPage';

const security = withMocks(fakeSecurity, 'history', 'downlineHistory', 'policy', 'status');
const apis = { security };

const user = (role: UserInfo['role']): UserInfo => ({
  _id: 'u1', username: 'someone', role, roleLabel: role, sessionId: 's1', balance: 0, exposer: 0,
  changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
});

describe('SecurityPage', () => {
  beforeEach(() => {
    security.history.mockResolvedValue({ rows: [], hasMore: false });
    security.downlineHistory.mockResolvedValue({ rows: [], hasMore: false });
    security.policy.mockResolvedValue({ requiredRoles: ['dl'] });
  });
  afterEach(() => jest.resetAllMocks());

  it('a player sees two-factor and its own history only', async () => {
    act(() => setUser(user('user')));
    security.status.mockResolvedValue({ enabled: false, pending: false, recoveryCodesLeft: 0, required: false });
    renderWithApis(<SecurityPage area="player" />, apis);
    expect(await screen.findByText('No login attempts yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Downline login history' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Require two-factor for agents' })).not.toBeInTheDocument();
  });

  it('the Super Admin also sets the requirement and sees its downline', async () => {
    act(() => setUser(user('admin')));
    security.status.mockResolvedValue({ enabled: true, pending: false, recoveryCodesLeft: 10, required: false });
    renderWithApis(<SecurityPage area="admin" />, apis);
    expect(await screen.findByRole('checkbox', { name: 'DL' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'DL' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'MDL' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save requirement' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Downline login history' })).toBeInTheDocument();
  });

  it('an Admin sees the requirement read-only: the Super Admin sets it', async () => {
    act(() => setUser(user('sadmin')));
    security.status.mockResolvedValue({ enabled: true, pending: false, recoveryCodesLeft: 10, required: false });
    renderWithApis(<SecurityPage area="admin" />, apis);
    expect(await screen.findByRole('checkbox', { name: 'DL' })).toBeChecked();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save requirement' })).not.toBeInTheDocument();
    expect(screen.getByText(`${SECURITY_MESSAGES.twoFactorPolicySuperAdminOnly}.`)).toBeInTheDocument();
  });

  it('an agent that must still enrol sees only the set-up', async () => {
    act(() => setUser(user('dl')));
    security.status.mockResolvedValue({ enabled: false, pending: false, recoveryCodesLeft: 0, required: true });
    renderWithApis(<SecurityPage area="admin" />, apis);
    expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Login history' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Downline login history' })).not.toBeInTheDocument();
  });
});
