import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type ClientRow } from '@backlay/shared';
import { fakeClients, renderWithApis, withMocks } from '@backlay/shared/testing';
import { ChildPasswordDialog } from './ChildPasswordDialog';

const api = withMocks(fakeClients, 'changeChildPassword');
const apis = { clients: api };
const child = { username: 'alpha', roleLabel: 'Admin' } as ClientRow;

beforeEach(() => jest.resetAllMocks());

describe('ChildPasswordDialog', () => {
  it("validates with the server's password rules, then sends the new password with the transaction password", async () => {
    api.changeChildPassword.mockRejectedValueOnce(new ApiError('Transaction password is incorrect', 403, 'TRANSACTION_PASSWORD_WRONG')).mockResolvedValueOnce({ data: null, message: 'Password reset: the account must change it at the next sign-in' });
    const onDone = jest.fn();
    renderWithApis(<ChildPasswordDialog child={child} onClose={jest.fn()} onDone={onDone} />, apis);
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    const submit = within(dialog).getByRole('button', { name: 'Change password' });
    await userEvent.click(submit);
    expect(await within(dialog).findByText('New password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Confirm password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Transaction password is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('New password'), 'ALPHA-secret');
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'abcdefgh1?');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Password must not contain the username')).toBeInTheDocument();
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('New password'));
    await userEvent.type(within(dialog).getByLabelText('New password'), 'iloveyou1');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('This password is too common and easy to guess: choose another one')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('New password'));
    await userEvent.type(within(dialog).getByLabelText('New password'), 'Reset#2026');
    await userEvent.clear(within(dialog).getByLabelText('Confirm password'));
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'Reset#2026');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '000000');
    await userEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Transaction password is incorrect');
    await userEvent.clear(within(dialog).getByLabelText('Transaction password'));
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.changeChildPassword).toHaveBeenLastCalledWith({ username: 'alpha', newPassword: 'Reset#2026', transactionPassword: '123456' });
  });
});
