import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, IDEMPOTENCY_HEADER, createClientsApi, on, type ApiClient, type ClientRow } from '@backlay/shared';
import { fakeClients, renderWithApis, withMocks } from '@backlay/shared/testing';
import { ChipDialog } from './ChipDialog';

const api = withMocks(fakeClients, 'depositChips', 'withdrawChips');
const apis = { clients: api };

const child: ClientRow = {
  _id: 'c1', username: 'alpha', displayName: 'Alpha', phone: null, role: 'sadmin', roleLabel: 'Admin', status: 'active', betLock: false, lockedBy: null, betLockedBy: null,
  balance: 200, exposer: 0, available: 200, creditReference: 0, refPL: 200, partnership: 90, commission: 0, exposureLimit: null,
  childCount: 0, createdAt: '2026-11-01T00:00:00Z',
};

function open(kind: 'deposit' | 'withdraw' = 'deposit') {
  const onClose = jest.fn();
  const onDone = jest.fn();
  renderWithApis(<ChipDialog kind={kind} parent={{ username: 'root', balance: 1000 }} child={child} onClose={onClose} onDone={onDone} />, apis);
  const dialog = screen.getByRole('dialog', { name: kind === 'deposit' ? 'Deposit chips' : 'Withdraw chips' });
  return { dialog, onClose, onDone };
}

beforeEach(() => jest.resetAllMocks());

describe('ChipDialog', () => {
  it('is a labelled modal dialog with the focus on the amount', () => {
    const { dialog } = open();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Amount')).toHaveFocus();
  });

  it('validates the amount and the transaction password with the server messages', async () => {
    const { dialog } = open();
    const submit = within(dialog).getByRole('button', { name: 'Deposit' });
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Transaction password is required')).toBeInTheDocument();

    const amount = within(dialog).getByLabelText('Amount');
    for (const typed of ['10.123', '0', '-5', 'ten', '1e3']) {
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      expect(await within(dialog).findByText('Amount must be greater than 0 with at most two decimals')).toBeInTheDocument();
    }
    await userEvent.clear(amount);
    await userEvent.type(amount, '10000000000.01');
    expect(await within(dialog).findByText('Amount is above the largest allowed amount')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Remark')).toHaveAttribute('maxLength', '200');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '12ab');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Transaction password must be exactly 6 digits')).toBeInTheDocument();
    expect(api.depositChips).not.toHaveBeenCalled();
  });

  it('shows both balances and the balances after, then sends the typed amount', async () => {
    api.depositChips.mockResolvedValue({ data: { journalId: 'j1', parentBalance: 849.5, childBalance: 350.5 }, message: 'Chips deposited successfully' });
    const notices: string[] = [];
    const sub = on('ui.notify').subscribe((n) => notices.push(`${n.kind}: ${n.message}`));
    const { dialog, onDone } = open();
    await userEvent.type(within(dialog).getByLabelText('Amount'), '150.5');
    expect(within(dialog).getByTestId('parent-after')).toHaveTextContent('849.50');
    expect(within(dialog).getByTestId('child-after')).toHaveTextContent('350.50');
    await userEvent.type(within(dialog).getByLabelText('Remark'), ' weekly top-up ');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.depositChips).toHaveBeenCalledWith({ username: 'alpha', amount: 150.5, remark: 'weekly top-up', transactionPassword: '123456' }, expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(notices).toEqual(['success: Chips deposited successfully']);
    sub.unsubscribe();
  });

  it('withdraws the other way round', async () => {
    api.withdrawChips.mockResolvedValue({ data: { journalId: 'j2', parentBalance: 1000.1, childBalance: 199.9 }, message: 'Chips withdrawn successfully' });
    const { dialog, onDone } = open('withdraw');
    await userEvent.type(within(dialog).getByLabelText('Amount'), '0.1');
    expect(within(dialog).getByTestId('parent-after')).toHaveTextContent('1,000.10');
    expect(within(dialog).getByTestId('child-after')).toHaveTextContent('199.90');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.withdrawChips).toHaveBeenCalledWith({ username: 'alpha', amount: 0.1, remark: '', transactionPassword: '123456' }, expect.any(String));
    expect(api.depositChips).not.toHaveBeenCalled();
  });

  it('reuses the Idempotency-Key when the same submission is retried, and takes a new one for a changed one', async () => {
    api.depositChips
      .mockRejectedValueOnce(new ApiError('timeout of 50000ms exceeded', 0, 'NETWORK'))
      .mockRejectedValueOnce(new ApiError('Insufficient balance', 409, 'INSUFFICIENT_FUNDS'))
      .mockResolvedValueOnce({ data: { journalId: 'j3', parentBalance: 990, childBalance: 210 }, message: 'Chips deposited successfully' });
    const { dialog, onDone } = open();
    await userEvent.type(within(dialog).getByLabelText('Amount'), '5000');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    const submit = within(dialog).getByRole('button', { name: 'Deposit' });
    await userEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('timeout of 50000ms exceeded');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Insufficient balance')).toBeInTheDocument();
    const [first, second] = api.depositChips.mock.calls;
    expect(second[1]).toBe(first[1]);
    expect(second[0]).toEqual(first[0]);

    const amount = within(dialog).getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '10');
    await userEvent.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const third = api.depositChips.mock.calls[2];
    expect(third[0].amount).toBe(10);
    expect(third[1]).not.toBe(first[1]);
  });

  it('closes with Escape and with Cancel', async () => {
    const { onClose, dialog } = open();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('clientsApi chip transfers', () => {
  it('send the idempotency key header', async () => {
    const post = jest.fn().mockResolvedValue({ data: { data: { journalId: 'j', parentBalance: 1, childBalance: 2 }, message: 'ok' } });
    const real = createClientsApi({ main: { post }, data: {}, area: () => 'admin' } as unknown as ApiClient);
    const body = { username: 'alpha', amount: 1, remark: '', transactionPassword: '123456' };
    await real.depositChips(body, 'key-1');
    await real.withdrawChips(body, 'key-2');
    expect(post).toHaveBeenNthCalledWith(1, '/deposit-chips', body, { headers: { [IDEMPOTENCY_HEADER]: 'key-1' } });
    expect(post).toHaveBeenNthCalledWith(2, '/withdraw-chips', body, { headers: { [IDEMPOTENCY_HEADER]: 'key-2' } });
  });
});
