import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { on, type SettlementSummary } from '@backlay/shared';
import { fakeBets, renderWithApis, withMocks } from '@backlay/shared/testing';
import { Results } from './Results';
import { buildResultRow } from './test-builders';

const api = withMocks(fakeBets, 'results', 'differingResults', 'declareResult', 'rollbackResult', 'acceptFeedResult');
const apis = { bets: api };

const summary = (over: Partial<SettlementSummary> = {}): SettlementSummary => ({
  marketId: 'mo1', version: 1, status: 'settled', result: null, bets: 3, users: 2, usersPnl: -50, commission: 0, ...over,
});

/** Types the demo transaction password into a dialog's "Transaction password" field (ADR 0032). */
const typePassword = (dialog: HTMLElement, password = '123456') => userEvent.type(within(dialog).getByLabelText('Transaction password'), password);

let notices: string[] = [];
let sub: { unsubscribe: () => void };
beforeEach(() => {
  jest.resetAllMocks();
  api.differingResults.mockResolvedValue([]);
  notices = [];
  sub = on('ui.notify').subscribe((n) => notices.push(n.message));
});
afterEach(() => sub.unsubscribe());

describe('Results', () => {
  it('lists pending markets with open bets and the feed result, and declares a winner', async () => {
    api.results.mockResolvedValueOnce([buildResultRow({ feedResult: { type: 'WINNER', selectionId: 'aus' } })]).mockResolvedValue([]);
    api.declareResult.mockResolvedValue({ data: summary(), message: 'Result declared' });
    renderWithApis(<Results />, apis);
    const table = await screen.findByRole('table', { name: 'Pending results' });
    expect(api.results).toHaveBeenCalledWith({ status: 'pending', sportId: undefined });
    const row = within(table).getByRole('row', { name: /^Match Odds/ });
    expect(row).toHaveTextContent('India v Australia');
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('3');
    expect(row).toHaveTextContent('Winner: Australia');
    await userEvent.click(within(row).getByRole('button', { name: 'Declare India v Australia · Match Odds' }));
    const dialog = screen.getByRole('dialog', { name: 'Declare result: Match Odds' });
    // The feed's result is the starting choice; the admin picks India instead.
    expect(within(dialog).getByLabelText('Result')).toHaveValue('aus');
    await userEvent.selectOptions(within(dialog).getByLabelText('Result'), 'India');
    // Without the transaction password nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare result' }));
    expect(within(dialog).getByText('Transaction password is required')).toBeInTheDocument();
    expect(api.declareResult).not.toHaveBeenCalled();
    await typePassword(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare result' }));
    expect(api.declareResult).toHaveBeenCalledWith({ marketId: 'mo1', result: { type: 'WINNER', selectionId: 'ind' }, transactionPassword: '123456' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notices).toEqual(['Result declared']);
    expect(await screen.findByText('No market is waiting for a result.')).toBeInTheDocument();
    expect(api.results).toHaveBeenCalledTimes(2);
  });

  it('declares a dead heat between the runners ticked, and refuses one runner', async () => {
    api.results.mockResolvedValue([buildResultRow()]);
    api.declareResult.mockResolvedValue({ data: summary(), message: 'Result declared' });
    renderWithApis(<Results />, apis);
    await userEvent.click(await screen.findByRole('button', { name: /^Declare / }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare result' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the result');
    await userEvent.selectOptions(within(dialog).getByLabelText('Result'), 'Dead heat');
    const between = within(dialog).getByRole('group', { name: 'Dead heat between' });
    await userEvent.click(within(between).getByLabelText('The Draw'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare result' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least two runners for a dead heat');
    expect(api.declareResult).not.toHaveBeenCalled();
    await userEvent.click(within(between).getByLabelText('India'));
    await typePassword(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare result' }));
    expect(api.declareResult).toHaveBeenCalledWith({ marketId: 'mo1', result: { type: 'DEAD_HEAT', selectionIds: ['ind', 'draw'] }, transactionPassword: '123456' });
  });

  it('declares a PLACE market PLACED with the runners ticked, 1 to its number of places, named with their numbers', async () => {
    api.results.mockResolvedValue([
      buildResultRow({
        marketId: 'pl1',
        sportId: 4339,
        matchName: 'Sheffield · A4 480m',
        marketName: 'To Be Placed',
        numberOfWinners: 2,
        runners: [
          { selectionId: 't1', name: 'Swift Lad', clothNumber: 1 },
          { selectionId: 't2', name: 'Dusty Road', clothNumber: 2 },
          { selectionId: 't3', name: 'Late Call', clothNumber: 3 },
        ],
      }),
    ]);
    api.declareResult.mockResolvedValue({ data: summary({ marketId: 'pl1' }), message: 'Result declared' });
    renderWithApis(<Results />, apis);
    await userEvent.click(await screen.findByRole('button', { name: /^Declare / }));
    const dialog = screen.getByRole('dialog', { name: 'Declare result: To Be Placed' });
    expect(dialog).toHaveTextContent('To be placed · 2 places');
    // Only PLACED and Void fit a PLACE market: no single winner, no dead heat.
    expect(within(within(dialog).getByLabelText('Result')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Placed runners (2 places)', 'Void']);
    const placed = within(dialog).getByRole('group', { name: 'Placed runners (1 to 2)' });
    await typePassword(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare result' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the placed runners');
    for (const name of ['3. Late Call', '1. Swift Lad', '2. Dusty Road']) await userEvent.click(within(placed).getByLabelText(name));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare result' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at most 2 placed runners');
    expect(api.declareResult).not.toHaveBeenCalled();
    await userEvent.click(within(placed).getByLabelText('2. Dusty Road'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare result' }));
    expect(api.declareResult).toHaveBeenCalledWith({ marketId: 'pl1', result: { type: 'PLACED', selectionIds: ['t1', 't3'] }, transactionPassword: '123456' });
  });

  it('declares the runs of a fancy, or void; a refusal stays in the dialog', async () => {
    api.results.mockResolvedValue([buildResultRow({ marketId: 'f1', marketType: 'fancy', marketName: '6 over runs', runners: [] })]);
    api.declareResult.mockRejectedValueOnce(new Error('The result does not fit this market')).mockResolvedValue({ data: summary(), message: 'Result declared' });
    renderWithApis(<Results />, apis);
    await userEvent.click(await screen.findByRole('button', { name: 'Declare India v Australia · 6 over runs' }));
    const dialog = screen.getByRole('dialog', { name: 'Declare result: 6 over runs' });
    expect(within(dialog).queryByRole('option', { name: 'Dead heat' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Runs'), '52');
    await typePassword(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare result' }));
    expect(api.declareResult).toHaveBeenCalledWith({ marketId: 'f1', result: { type: 'RUNS', runs: 52 }, transactionPassword: '123456' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The result does not fit this market');
    await userEvent.selectOptions(within(dialog).getByLabelText('Result'), 'Void');
    expect(within(dialog).queryByLabelText('Runs')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare result' }));
    expect(api.declareResult).toHaveBeenLastCalledWith({ marketId: 'f1', result: { type: 'VOID' }, transactionPassword: '123456' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows settled markets with result, version and source; rolls back after a confirmation and corrects with a different result', async () => {
    const settled = buildResultRow({ openBets: 0, settled: { version: 2, result: { type: 'WINNER', selectionId: 'aus' }, settledAt: '2026-11-21T12:00:00Z', source: 'admin' } });
    api.results.mockImplementation(async (q) => (q?.status === 'settled' ? [settled] : []));
    api.rollbackResult.mockResolvedValue({ data: summary({ status: 'rolled_back', version: 2 }), message: 'Result rolled back' });
    api.declareResult.mockResolvedValue({ data: summary({ version: 3 }), message: 'Result declared' });
    renderWithApis(<Results />, apis);
    await screen.findByText('No market is waiting for a result.');
    await userEvent.click(screen.getByRole('tab', { name: 'Settled' }));
    expect(screen.getByRole('tab', { name: 'Settled' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Settled results' });
    expect(api.results).toHaveBeenLastCalledWith({ status: 'settled', sportId: undefined });
    const row = within(table).getByRole('row', { name: /^Match Odds/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('Winner: Australia');
    expect(cells[3]).toHaveTextContent('2');
    expect(cells[4]).toHaveTextContent('Admin');

    await userEvent.click(within(row).getByRole('button', { name: 'Rollback India v Australia · Match Odds' }));
    const confirm = screen.getByRole('dialog', { name: 'Roll back result: Match Odds' });
    expect(confirm).toHaveTextContent('Winner: Australia, version 2');
    expect(api.rollbackResult).not.toHaveBeenCalled();
    await typePassword(confirm);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(api.rollbackResult).toHaveBeenCalledWith({ marketId: 'mo1', transactionPassword: '123456' }));
    await waitFor(() => expect(notices).toEqual(['Result rolled back']));

    await userEvent.click(within(screen.getByRole('row', { name: /^Match Odds/ })).getByRole('button', { name: 'Correct India v Australia · Match Odds' }));
    const correct = screen.getByRole('dialog', { name: 'Correct result: Match Odds' });
    expect(within(correct).getByLabelText('Result')).toHaveValue('aus');
    await userEvent.click(within(correct).getByRole('button', { name: 'Correct result' }));
    expect(within(correct).getByRole('alert')).toHaveTextContent('Choose a result different from the settled one');
    await userEvent.selectOptions(within(correct).getByLabelText('Result'), 'Void');
    await typePassword(correct);
    await userEvent.click(within(correct).getByRole('button', { name: 'Correct result' }));
    expect(api.declareResult).toHaveBeenCalledWith({ marketId: 'mo1', result: { type: 'VOID' }, transactionPassword: '123456' });
  });

  it('filters by sport', async () => {
    api.results.mockResolvedValue([]);
    renderWithApis(<Results />, apis);
    await screen.findByText('No market is waiting for a result.');
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'Tennis');
    await waitFor(() => expect(api.results).toHaveBeenLastCalledWith({ status: 'pending', sportId: 2 }));
  });

  it('flags settled markets whose result differs from the feed with both results, and fixes one with the transaction password', async () => {
    const differing = buildResultRow({
      feedResult: { type: 'WINNER', selectionId: 'aus' },
      settled: { version: 1, result: { type: 'WINNER', selectionId: 'ind' }, settledAt: '2026-11-21T10:00:00Z', source: 'admin' },
      feedDiffers: true,
      openBets: 0,
    });
    api.results.mockResolvedValue([]);
    api.differingResults.mockResolvedValueOnce([differing]).mockResolvedValue([]);
    api.acceptFeedResult.mockResolvedValue({ data: summary({ version: 2, result: { type: 'WINNER', selectionId: 'aus' } }), message: "Result rolled back and the feed's result declared" });
    renderWithApis(<Results />, apis);
    const table = await screen.findByRole('table', { name: 'Results that differ from the feed' });
    expect(api.differingResults).toHaveBeenCalledWith(undefined);
    const row = within(table).getByRole('row', { name: /^Match Odds/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('Winner: India (v1, admin)');
    expect(cells[2]).toHaveTextContent('Winner: Australia');
    await userEvent.click(within(row).getByRole('button', { name: "Roll back and declare the feed's result: India v Australia · Match Odds" }));
    const confirm = screen.getByRole('dialog', { name: "Declare the feed's result: Match Odds" });
    expect(confirm).toHaveTextContent("the settlement (Winner: India) is rolled back and the feed's result (Winner: Australia) declared");
    await typePassword(confirm);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Roll back and declare' }));
    await waitFor(() => expect(api.acceptFeedResult).toHaveBeenCalledWith({ marketId: 'mo1', transactionPassword: '123456' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Results that differ from the feed' })).not.toBeInTheDocument());
    expect(notices).toEqual(["Result rolled back and the feed's result declared"]);
    expect(api.differingResults).toHaveBeenCalledTimes(2);
  });

  it('shows the refusal of a fix and keeps the flag; the settled list marks the feed result beside a differing one', async () => {
    const differing = buildResultRow({
      feedResult: { type: 'WINNER', selectionId: 'aus' },
      settled: { version: 1, result: { type: 'WINNER', selectionId: 'ind' }, settledAt: '2026-11-21T10:00:00Z', source: 'admin' },
      feedDiffers: true,
    });
    api.results.mockResolvedValue([differing]);
    api.differingResults.mockResolvedValue([differing]);
    api.acceptFeedResult.mockRejectedValue(new Error('Rolling back would leave a wallet below zero: p1'));
    renderWithApis(<Results />, apis);
    await userEvent.click(await screen.findByRole('button', { name: /^Roll back and declare the feed's result/ }));
    const confirm = screen.getByRole('dialog');
    await typePassword(confirm);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Roll back and declare' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Rolling back would leave a wallet below zero: p1');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('table', { name: 'Results that differ from the feed' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Settled' }));
    const settled = await screen.findByRole('table', { name: 'Settled results' });
    expect(within(settled).getByRole('row', { name: /^Match Odds/ })).toHaveTextContent('Winner: IndiaFeed: Winner: Australia');
  });
});
