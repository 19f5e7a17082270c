import { act, render, screen, waitFor } from '@testing-library/react';
import { notify } from '@backlay/shared';
import { TOAST_HEADER_GAP_PX, TOASTS_BOTTOM_VAR, ToastHost, labelToastTimers, markToastsBottom, toastClass, toastPlacement } from './ToastHost';

describe('toastPlacement', () => {
  it('puts toasts top-right below the header, on a phone as on a wider screen (SPEC)', () => {
    expect(toastPlacement(57)).toEqual({ position: 'top-right', style: { top: 57 + TOAST_HEADER_GAP_PX } });
    expect(toastPlacement(110)).toEqual({ position: 'top-right', style: { top: 110 + TOAST_HEADER_GAP_PX } });
  });

  it("keeps the library's top-right where there is no header (sign-in pages)", () => {
    expect(toastPlacement(null)).toEqual({ position: 'top-right' });
  });
});

describe('toastClass', () => {
  it('is the kind and the message before its detail', () => {
    expect(toastClass({ kind: 'success', message: 'Bet Placed Successfully' })).toBe('success:Bet Placed Successfully');
    expect(toastClass({ kind: 'success', message: 'Bet Placed Successfully · matched at 2.04 (asked 2.02)' })).toBe('success:Bet Placed Successfully');
    expect(toastClass({ kind: 'error', message: 'Bet Placed Successfully' })).not.toBe(toastClass({ kind: 'success', message: 'Bet Placed Successfully' }));
  });

  it('is the kind and the topic when the notice has one, whatever its words', () => {
    const refused = (message: string) => toastClass({ kind: 'error', message, topic: 'bet-refused' });
    expect(refused('Odds changed: requested 2.04, live back 2.02')).toBe(refused('Market Bookmaker is ball running: no bets now'));
    expect(refused('Odds changed')).not.toBe(toastClass({ kind: 'error', message: 'Odds changed' }));
    expect(refused('Odds changed')).not.toBe(toastClass({ kind: 'success', message: 'Odds changed', topic: 'bet-refused' }));
  });
});

describe('ToastHost', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete (window as Partial<Window>).matchMedia;
  });

  function header(bottom: number) {
    const el = document.createElement('header');
    el.className = 'bl-header';
    el.getBoundingClientRect = () => ({ top: 0, bottom, left: 0, right: 1280, width: 1280, height: bottom, x: 0, y: 0, toJSON: () => ({}) });
    document.body.appendChild(el);
  }

  /** A desktop page under a 64 px header, its host showing a first "Bet Placed Successfully". */
  async function firstBetToast() {
    header(64);
    window.matchMedia = jest.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
    render(<ToastHost />);
    act(() => notify('success', 'Bet Placed Successfully'));
    expect(await screen.findByText('Bet Placed Successfully')).toBeInTheDocument();
  }

  it('shows a toast of the bus below the header on a desktop', async () => {
    header(64);
    window.matchMedia = jest.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
    const { container } = render(<ToastHost />);
    act(() => notify('success', 'Chips deposited successfully'));
    expect(await screen.findByText('Chips deposited successfully')).toBeInTheDocument();
    const box = container.querySelector('.Toastify__toast-container--top-right') as HTMLElement;
    expect(box).not.toBeNull();
    expect(box.style.top).toBe(`${64 + TOAST_HEADER_GAP_PX}px`);
  });

  it('shows a toast of the bus top-right below the header on a phone too', async () => {
    header(110);
    window.matchMedia = jest.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    const { container } = render(<ToastHost />);
    act(() => notify('error', 'Transaction password is incorrect'));
    expect(await screen.findByText('Transaction password is incorrect')).toBeInTheDocument();
    const box = container.querySelector('.Toastify__toast-container--top-right') as HTMLElement;
    expect(box).not.toBeNull();
    expect(box.style.top).toBe(`${110 + TOAST_HEADER_GAP_PX}px`);
    expect(container.querySelector('.Toastify__toast-container--bottom-center')).toBeNull();
  });

  it('shows at most one toast per class: a new one replaces it; other classes stack', async () => {
    await firstBetToast();
    act(() => notify('success', 'Bet Placed Successfully · matched at 2.04 (asked 2.02)'));
    act(() => notify('success', 'Bet Placed Successfully · matched at 2.06 (asked 2.02)'));
    act(() => notify('error', 'Odds changed'));
    expect(await screen.findByText('Bet Placed Successfully · matched at 2.06 (asked 2.02)')).toBeInTheDocument();
    expect(await screen.findByText('Odds changed')).toBeInTheDocument();
    expect(screen.getAllByText(/^Bet Placed Successfully/)).toHaveLength(1);
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(2);
  });

  it('shows a new toast of a class whose last toast is still closing (the library ignores an id it has not let go of)', async () => {
    await firstBetToast();
    // Closed (as its timer would): it leaves on its exit animation, which jsdom never ends, so the
    // library keeps its id, as a browser does until the animation ends.
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    act(() => notify('success', 'Bet Placed Successfully · matched at 2.06 (asked 2.02)'));
    expect(await screen.findByText('Bet Placed Successfully · matched at 2.06 (asked 2.02)')).toBeInTheDocument();
  });

  it("names each toast's timer in the page's words (the library's own name is English)", async () => {
    await firstBetToast();
    expect(await screen.findByRole('progressbar', { name: 'Notification timer' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'notification timer' })).toBeNull();
    // Every bar on screen is named, whatever name it had.
    labelToastTimers('x');
    expect(screen.getByRole('progressbar', { name: 'x' })).toBeInTheDocument();
  });

  it('marks the toasts\' bottom edge on the document while a toast shows (what must stay clear starts below it)', async () => {
    header(64);
    window.matchMedia = jest.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
    const root = document.documentElement;
    render(<ToastHost />);
    expect(root.style.getPropertyValue(TOASTS_BOTTOM_VAR)).toBe('');
    act(() => notify('success', 'Bet Placed Successfully'));
    expect(await screen.findByText('Bet Placed Successfully')).toBeInTheDocument();
    const box = document.querySelector('.Toastify__toast-container') as HTMLElement;
    box.getBoundingClientRect = () => ({ top: 72, bottom: 136, left: 944, right: 1264, width: 320, height: 64, x: 944, y: 72, toJSON: () => ({}) });
    await waitFor(() => expect(root.style.getPropertyValue(TOASTS_BOTTOM_VAR)).not.toBe(''));
    markToastsBottom();
    expect(root.style.getPropertyValue(TOASTS_BOTTOM_VAR)).toBe(`${136 + TOAST_HEADER_GAP_PX}px`);
    // No toast on screen: the mark goes.
    for (const toast of document.querySelectorAll('.Toastify__toast')) toast.remove();
    markToastsBottom();
    expect(root.style.getPropertyValue(TOASTS_BOTTOM_VAR)).toBe('');
  });
});
