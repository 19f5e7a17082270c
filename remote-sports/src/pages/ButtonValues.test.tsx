import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, DEFAULT_BUTTON_VALUES, on, type ButtonValue } from '@backlay/shared';
import { fakeSports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { ButtonValues, STAKE_BUTTON_MESSAGES, buttonValuesSchema, toRows } from './ButtonValues';

const api = withMocks(fakeSports, 'buttonValues', 'saveButtonValues');
const apis = { sports: api };
const saved: ButtonValue[] = DEFAULT_BUTTON_VALUES.map((b) => ({ ...b }));

function notices() {
  const seen: { kind: string; message: string }[] = [];
  const sub = on('ui.notify').subscribe((n) => seen.push(n));
  return { seen, stop: () => sub.unsubscribe() };
}

beforeEach(() => {
  jest.resetAllMocks();
  api.buttonValues.mockResolvedValue(saved);
});

describe('buttonValuesSchema', () => {
  const rows = () => toRows(saved);
  const errorOf = async (row: { label: string; value: string }) => {
    const buttons = rows();
    buttons[0] = row;
    try {
      await buttonValuesSchema.validate({ buttons }, { abortEarly: true });
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  };

  it.each([
    [{ label: '1K', value: '1000' }, null],
    [{ label: 'Ten chars!', value: '1000000' }, null],
    [{ label: '', value: '100' }, STAKE_BUTTON_MESSAGES.labelRequired],
    [{ label: '   ', value: '100' }, STAKE_BUTTON_MESSAGES.labelRequired],
    [{ label: 'Eleven char', value: '100' }, STAKE_BUTTON_MESSAGES.labelTooLong],
    [{ label: 'x', value: '' }, STAKE_BUTTON_MESSAGES.valueRequired],
    [{ label: 'x', value: '12.5' }, STAKE_BUTTON_MESSAGES.valueWhole],
    [{ label: 'x', value: '1e3' }, STAKE_BUTTON_MESSAGES.valueWhole],
    [{ label: 'x', value: '0' }, STAKE_BUTTON_MESSAGES.valuePositive],
    [{ label: 'x', value: '-5' }, STAKE_BUTTON_MESSAGES.valuePositive],
    [{ label: 'x', value: '1000001' }, STAKE_BUTTON_MESSAGES.valueTooLarge],
  ])('%o → %s', async (row, message) => {
    expect(await errorOf(row)).toBe(message);
  });

  it('pads what the API stored with the defaults to eight rows', () => {
    expect(toRows([{ label: 'A', value: 7 }])).toEqual([{ label: 'A', value: '7' }, ...DEFAULT_BUTTON_VALUES.slice(1).map((b) => ({ label: b.label, value: String(b.value) }))]);
  });
});

describe('ButtonValues', () => {
  it('shows eight labelled rows, refuses bad values with their messages, and saves whole rupees', async () => {
    const n = notices();
    api.saveButtonValues.mockImplementation(async (buttons) => ({ data: buttons, message: 'Stake buttons saved' }));
    renderWithApis(<ButtonValues />, apis);
    expect(await screen.findByLabelText('Button 8 value')).toHaveValue('100000');
    expect(screen.getAllByRole('textbox')).toHaveLength(16);

    await userEvent.clear(screen.getByLabelText('Button 1 label'));
    await userEvent.clear(screen.getByLabelText('Button 2 value'));
    await userEvent.type(screen.getByLabelText('Button 2 value'), '2000000');
    await userEvent.click(screen.getByRole('button', { name: 'Save stake buttons' }));
    expect(await screen.findByText(STAKE_BUTTON_MESSAGES.labelRequired)).toBeInTheDocument();
    expect(screen.getByText(STAKE_BUTTON_MESSAGES.valueTooLarge)).toBeInTheDocument();
    expect(api.saveButtonValues).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Button 1 label'), ' Min ');
    await userEvent.clear(screen.getByLabelText('Button 2 value'));
    await userEvent.type(screen.getByLabelText('Button 2 value'), '750');
    await userEvent.click(screen.getByRole('button', { name: 'Save stake buttons' }));
    await waitFor(() => expect(api.saveButtonValues).toHaveBeenCalledTimes(1));
    const sent = api.saveButtonValues.mock.calls[0][0];
    expect(sent).toHaveLength(8);
    expect(sent[0]).toEqual({ label: 'Min', value: 100 });
    expect(sent[1]).toEqual({ label: '500', value: 750 });
    expect(sent.every((b) => typeof b.value === 'number')).toBe(true);
    await waitFor(() => expect(n.seen).toEqual([{ kind: 'success', message: 'Stake buttons saved' }]));
    n.stop();
  });

  it('shows the server\'s refusal under the form', async () => {
    api.saveButtonValues.mockRejectedValue(new ApiError('Button value must be a whole number of rupees from 1 to 1,00,00,000', 400, 'VALIDATION'));
    renderWithApis(<ButtonValues />, apis);
    await userEvent.click(await screen.findByRole('button', { name: 'Save stake buttons' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Button value must be a whole number of rupees from 1 to 1,00,00,000');
  });
});
