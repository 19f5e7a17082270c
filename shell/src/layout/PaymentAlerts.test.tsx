import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { on, publish, type PaymentRequestRow, type PendingPayments } from '@backlay/shared';
import { memoryPayments, renderWithApis } from '@backlay/shared/testing';
import { STORAGE_KEYS } from '@backlay/shared/storage';
import { useState } from 'react';
import { MainNav, navLinks, paymentBadges } from './MainLayout';
import { PaymentAlerts } from './PaymentAlerts';
import { alertMessage, usePaymentAlerts } from './payment-alerts';

const row = (id: string, type: PaymentRequestRow['type'], createdAt: string): PaymentRequestRow => ({
  _id: id, type, amount: 500, createdAt, status: 'pending', remark: 'ok', accountType: 'upi', utrno: null, screenshotUrl: null, payTo: null, username: 'p1', decidedAt: null, decidedBy: null,
});

afterEach(() => localStorage.clear());

/** The admin menu as MainLayout puts it together. */
function AdminMenu() {
  const [pending, setPending] = useState<PendingPayments | null>(null);
  return <MainNav links={navLinks('admin', 'dl')} badges={paymentBadges(pending)} extra={<PaymentAlerts onPending={setPending} />} />;
}

function renderNav(requests: PaymentRequestRow[]) {
  const payments = memoryPayments({ requests });
  renderWithApis(
    <MemoryRouter initialEntries={['/admin']}>
      <AdminMenu />
    </MemoryRouter>,
    { payments },
  );
  return payments;
}

const link = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });

describe('the admin menu\'s payment queue', () => {
  it('badges Deposits and Withdrawals with the waiting requests, and More with their sum', async () => {
    renderNav([row('r1', 'deposit', '2026-11-29T05:00:00.000Z'), row('r2', 'deposit', '2026-11-29T05:01:00.000Z'), row('r3', 'withdraw', '2026-11-29T05:02:00.000Z')]);
    expect(await screen.findByRole('link', { name: 'Deposits 2 waiting' })).toBeInTheDocument();
    expect(link(/^Withdrawals/)).toHaveAccessibleName('Withdrawals 1 waiting');
    expect(screen.getByRole('button', { name: 'More 3 waiting' })).toBeInTheDocument();
    // Nothing waiting: no badge at all.
    expect(link(/^Statement/)).toHaveAccessibleName('Statement');
  });

  it('reads the queue again when the socket says it changed, and toasts and rings for a new request', async () => {
    const payments = renderNav([]);
    await waitFor(() => expect(link(/^Deposits/)).toHaveAccessibleName('Deposits'));
    const toasts: string[] = [];
    const sub = on('ui.notify').subscribe((n) => toasts.push(n.message));
    await payments.addDeposit({ amount: '750', accountType: 'upi', utrno: 'UTR1234567890', image: new Blob(['x']) }, 'k1');
    act(() => publish('payments.queueChanged', { change: 'requested', id: payments.requests[0]!._id, type: 'deposit', username: 'p1', amount: 750 }));
    expect(await screen.findByRole('link', { name: 'Deposits 1 waiting' })).toBeInTheDocument();
    expect(toasts).toEqual(['New deposit request: p1, ₹750.00']);
    // Decided: the badge goes, and a decision is no news to toast.
    await payments.updateStatus({ id: payments.requests[0]!._id, status: 'approved', transactionPassword: 'x' }, 'k2');
    act(() => publish('payments.queueChanged', { change: 'decided', id: payments.requests[0]!._id, type: 'deposit', username: 'p1', amount: 750 }));
    await waitFor(() => expect(link(/^Deposits/)).toHaveAccessibleName('Deposits'));
    expect(toasts).toHaveLength(1);
    sub.unsubscribe();
  });

  it('reads the queue again when the socket (re)joins: a request made while it was down shows, with no toast', async () => {
    const payments = renderNav([]);
    await waitFor(() => expect(link(/^Deposits/)).toHaveAccessibleName('Deposits'));
    const toasts: string[] = [];
    const sub = on('ui.notify').subscribe((n) => toasts.push(n.message));
    // Made while the socket was away: no paymentQueue message reached the page.
    await payments.addDeposit({ amount: '320', accountType: 'upi', utrno: 'UTR1234567891', image: new Blob(['x']) }, 'k3');
    act(() => publish('session.socketJoined', { area: 'admin', userId: 'dl1', rejoin: true }));
    expect(await screen.findByRole('link', { name: 'Deposits 1 waiting' })).toBeInTheDocument();
    expect(toasts).toEqual([]);
    sub.unsubscribe();
  });

  it('the sound toggle is remembered on the device', async () => {
    renderNav([]);
    const toggle = screen.getByRole('button', { name: 'Sound for new payment requests' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem(STORAGE_KEYS.paymentAlertSound)).toBe('off');
  });
});

describe('usePaymentAlerts', () => {
  function Probe({ sounder }: { sounder: () => void }) {
    const { sound, toggleSound } = usePaymentAlerts(true, sounder);
    return (
      <button type="button" aria-pressed={sound} onClick={toggleSound}>
        Sound
      </button>
    );
  }

  it('plays the sound for a new request only while it is on', async () => {
    const sounder = jest.fn();
    renderWithApis(<Probe sounder={sounder} />, { payments: memoryPayments() });
    const request = { change: 'requested', id: 'r1', type: 'withdraw', username: 'p2', amount: 1234.5 } as const;
    act(() => publish('payments.queueChanged', request));
    expect(sounder).toHaveBeenCalledTimes(1);
    act(() => publish('payments.queueChanged', { ...request, change: 'decided' }));
    expect(sounder).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Sound' }));
    act(() => publish('payments.queueChanged', request));
    expect(sounder).toHaveBeenCalledTimes(1);
    await waitFor(() => undefined);
  });

  it('names the request in its toast, amounts in Indian grouping', () => {
    expect(alertMessage({ change: 'requested', id: 'r', type: 'withdraw', username: 'p2', amount: 123456.5 })).toBe('New withdraw request: p2, ₹1,23,456.50');
  });
});
