import { fireEvent, render, screen } from '@testing-library/react';
import { FormFooter } from './kit';

describe('FormFooter', () => {
  it('shows the refusal as an alert, and Cancel and the submit button', () => {
    const onCancel = jest.fn();
    render(
      <form>
        <FormFooter error="Wrong transaction password" submitting={false} submitLabel="Lock" onCancel={onCancel} />
      </form>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong transaction password');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Lock' })).toHaveAttribute('type', 'submit');
  });

  it('no alert without an error, no Cancel without onCancel, and both wait while submitting', () => {
    render(
      <form>
        <FormFooter error={undefined} submitting submitLabel="Save" />
      </form>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
