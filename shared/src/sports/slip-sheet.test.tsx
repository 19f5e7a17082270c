import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SLIP_SHEET_OPEN_CLASS, SlipSheet } from './slip-sheet';
import { PHONE_QUERY } from '../ui/media';

/** A window as wide as a phone (`phone`) or a desktop; `resize` switches it and tells the listeners. */
function screenOf(phone: boolean) {
  let matches = phone;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === PHONE_QUERY ? matches : false;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    resize(toPhone: boolean) {
      matches = toPhone;
      act(() => listeners.forEach((l) => l()));
    },
  };
}

/** A page with two prices; a price opens the slip (a form with a Stake field and Cancel) in the sheet. */
function Page({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      {['India', 'Australia'].map((name) => (
        <button key={name} type="button" onClick={() => setOpen(name)}>
          Back {name} 2.02
        </button>
      ))}
      {open ? (
        <SlipSheet
          key={open}
          label={`Back ${open}`}
          onClose={() => {
            onClose();
            setOpen(null);
          }}
        >
          <form aria-label="Bet slip">
            <label htmlFor="stake">Stake</label>
            <input id="stake" />
            <button type="button" onClick={() => setOpen(null)}>
              Cancel
            </button>
          </form>
        </SlipSheet>
      ) : null}
    </>
  );
}

/** Tap a price as a browser does: it takes the focus, then its click handler runs. */
function tap(name: RegExp) {
  const price = screen.getByRole('button', { name });
  price.focus();
  fireEvent.click(price);
  return price;
}

afterEach(() => {
  delete (window as Partial<Window>).matchMedia;
  document.documentElement.classList.remove(SLIP_SHEET_OPEN_CLASS);
});

describe('SlipSheet on a phone', () => {
  it('is a dialog named by the selection that takes the focus on open and gives it back to the price on Close', () => {
    screenOf(true);
    render(<Page />);
    const price = tap(/Back India/);
    const sheet = screen.getByRole('dialog', { name: 'Bet slip: Back India' });
    expect(sheet).toHaveClass('bl-slip-sheet');
    // Non-modal: the page behind stays usable (another price can be tapped).
    expect(sheet).not.toHaveAttribute('aria-modal');
    expect(sheet).toHaveFocus();
    expect(sheet).toContainElement(screen.getByRole('form', { name: 'Bet slip' }));
    expect(document.documentElement).toHaveClass(SLIP_SHEET_OPEN_CLASS);

    fireEvent.click(screen.getByRole('button', { name: 'Close bet slip' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(price).toHaveFocus();
    expect(document.documentElement).not.toHaveClass(SLIP_SHEET_OPEN_CLASS);
  });

  it('closes on Escape from anywhere inside it, focus back on the price', () => {
    screenOf(true);
    const onClose = jest.fn();
    render(<Page onClose={onClose} />);
    const price = tap(/Back India/);
    const stake = screen.getByLabelText('Stake');
    stake.focus();
    fireEvent.keyDown(stake, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(price).toHaveFocus();
  });

  it('gives the focus back when the slip closes itself (Cancel, a placed bet)', () => {
    screenOf(true);
    render(<Page />);
    const price = tap(/Back India/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(price).toHaveFocus();
  });

  it('a new price while it is open is a new sheet, whose Close goes back to the new price', () => {
    screenOf(true);
    render(<Page />);
    tap(/Back India/);
    const other = tap(/Back Australia/);
    const sheet = screen.getByRole('dialog', { name: 'Bet slip: Back Australia' });
    expect(sheet).toHaveFocus();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.keyDown(sheet, { key: 'Escape' });
    expect(other).toHaveFocus();
  });

  it('leaves the focus where the player put it when it closes (not pulled back to the price)', () => {
    screenOf(true);
    render(<Page />);
    tap(/Back India/);
    const elsewhere = screen.getByRole('button', { name: /Back Australia/ });
    elsewhere.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Close bet slip' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(elsewhere).toHaveFocus();
  });

  it('turns into the inline slip when the screen widens, and back, keeping what the player typed', () => {
    const window = screenOf(true);
    render(<Page />);
    tap(/Back India/);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: '250' } });
    window.resize(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('form', { name: 'Bet slip' })).toBeInTheDocument();
    expect(screen.getByLabelText('Stake')).toHaveValue('250');
    expect(screen.queryByRole('button', { name: 'Close bet slip' })).toBeNull();
    expect(document.documentElement).not.toHaveClass(SLIP_SHEET_OPEN_CLASS);
    window.resize(true);
    expect(screen.getByRole('dialog', { name: 'Bet slip: Back India' })).toBeInTheDocument();
    expect(screen.getByLabelText('Stake')).toHaveValue('250');
  });
});

describe('SlipSheet on a desktop', () => {
  it('keeps the slip inline: no dialog, no Close of its own, the focus stays on the price', () => {
    screenOf(false);
    render(<Page />);
    const price = tap(/Back India/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close bet slip' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Bet slip' });
    // Inline: the host and its body have no box of their own (display: contents), no sheet.
    expect(form.parentElement).toHaveClass('bl-slip-host__body');
    expect(form.parentElement?.parentElement).toHaveClass('bl-slip-host');
    expect(form.parentElement?.parentElement).not.toHaveClass('bl-slip-sheet');
    expect(form.parentElement?.parentElement).not.toHaveAttribute('role');
    expect(price).toHaveFocus();
    expect(document.documentElement).not.toHaveClass(SLIP_SHEET_OPEN_CLASS);
  });

  it('is inline where the browser has no matchMedia', () => {
    render(<Page />);
    tap(/Back India/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('form', { name: 'Bet slip' })).toBeInTheDocument();
  });
});
