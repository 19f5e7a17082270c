import { act, fireEvent, render, screen } from '@testing-library/react';
import { RangeFilters, RangeLoadStatus, useRangeReport } from './range-report';

function Report({ fetch }: { fetch: (range: { from: string; to: string }) => Promise<string> }) {
  const { range, setRange, ready, load, report } = useRangeReport(fetch);
  return (
    <>
      <RangeFilters range={range} onChange={setRange}>
        <span>extra filter</span>
      </RangeFilters>
      <RangeLoadStatus ready={ready} load={load} loading="Loading the report" failed="The report could not be loaded" />
      {report ? <p>{report}</p> : null}
    </>
  );
}

describe('range report', () => {
  it('loads the last 7 days by default, then again for a new range', async () => {
    const fetch = jest.fn((range: { from: string; to: string }) => Promise.resolve(`report ${range.from}..${range.to}`));
    render(<Report fetch={fetch} />);
    expect(screen.getByText('extra filter')).toBeInTheDocument();
    expect(await screen.findByText(/^report /)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    });
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2026-01-01' }));
  });

  it('an inverted range is an alert and asks nothing; a failure says why', async () => {
    const fetch = jest.fn(() => Promise.reject(new Error('Server down')));
    render(<Report fetch={fetch} />);
    expect(await screen.findByText('The report could not be loaded: Server down')).toBeInTheDocument();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2999-01-01' } });
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
