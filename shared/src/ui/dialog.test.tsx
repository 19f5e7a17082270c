import { fireEvent, render, screen } from '@testing-library/react';
import { Dialog } from './dialog';

describe('Dialog', () => {
  it('is a modal named by its title, focuses its first field, keeps Tab inside and closes on Escape', () => {
    const onClose = jest.fn();
    render(
      <>
        <button type="button">outside</button>
        <Dialog title="Deposit chips" onClose={onClose}>
          <label htmlFor="a">Amount</label>
          <input id="a" />
          <button type="submit">Deposit</button>
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Deposit chips' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Amount')).toHaveFocus();
    screen.getByRole('button', { name: 'Deposit' }).focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(screen.getByRole('button', { name: 'Deposit' })).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cannot be closed while closeDisabled (a submission is in flight)', () => {
    const onClose = jest.fn();
    render(
      <Dialog title="Withdraw chips" onClose={onClose} closeDisabled>
        <input aria-label="Amount" />
      </Dialog>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
  });
});
