import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ROUTES, setUser, type Role, type UserInfo } from '@backlay/shared';
import { RequireRole } from './RequireRole';

const userOf = (role: Role, roleLabel: string): UserInfo => ({
  _id: 'u1', username: `demo-${role}`, role, roleLabel, sessionId: 's1', balance: 10, exposer: 0,
  changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
});

function renderAs(user: UserInfo) {
  act(() => setUser(user));
  return render(
    <MemoryRouter initialEntries={['/admin/sports-list']}>
      <Routes>
        <Route
          path={ROUTES.adminSportsList.path}
          element={
            <RequireRole route="adminSportsList">
              <p>sports admin</p>
            </RequireRole>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RequireRole', () => {
  afterEach(() => act(() => setUser(null)));

  it.each([
    ['admin', 'Super Admin'],
    ['sadmin', 'Admin'],
  ] as const)('lets %s in', (role, label) => {
    renderAs(userOf(role, label));
    expect(screen.getByText('sports admin')).toBeInTheDocument();
  });

  it.each([
    ['smdl', 'SMDL'],
    ['mdl', 'MDL'],
    ['dl', 'DL'],
  ] as const)('refuses %s with a not-allowed screen', (role, label) => {
    renderAs(userOf(role, label));
    expect(screen.queryByText('sports admin')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`This page is only for Super Admin and Admin. Your role (${label}) is not allowed to open it.`);
    expect(screen.getByRole('link', { name: 'Back to your clients' })).toHaveAttribute('href', '/admin');
  });
});
