import { act, render, screen } from '@testing-library/react';
import { notify } from '@backlay/shared';
import { TOAST_HEADER_GAP_PX, ToastHost, toastPlacement } from './ToastHost';

describe('toastPlacement', () => {
  it('puts toasts at the bottom on a phone, whatever the header', () => {
    expect(toastPlacement(true, 120)).toEqual({ position: 'bottom-center' });
    expect(toastPlacement(true, null)).toEqual({ position: 'bottom-center' });
  });

  it('puts toasts top-right below the header on a wider screen', () => {
    expect(toastPlacement(false, 57)).toEqual({ position: 'top-right', style: { top: 57 + TOAST_HEADER_GAP_PX } });
  });

  it("keeps the library's top-right where there is no header (sign-in pages)", () => {
    expect(toastPlacement(false, null)).toEqual({ position: 'top-right' });
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

  it('shows a toast of the bus at the bottom on a phone', async () => {
    header(110);
    window.matchMedia = jest.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    const { container } = render(<ToastHost />);
    act(() => notify('error', 'Transaction password is incorrect'));
    expect(await screen.findByText('Transaction password is incorrect')).toBeInTheDocument();
    expect(container.querySelector('.Toastify__toast-container--bottom-center')).not.toBeNull();
    expect(container.querySelector('.Toastify__toast-container--top-right')).toBeNull();
  });
});
