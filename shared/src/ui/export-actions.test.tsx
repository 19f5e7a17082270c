import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../kernel/errors';
import { attachmentName } from '../kernel/export-api';
import { fakeExports, withMocks } from '../testing/fakes';
import { renderWithApis } from '../testing/render-with-apis';
import { ExportActions, describeFilters } from './export-actions';
import { SelectField, TextField } from './kit';

const exportsFake = withMocks(fakeExports, 'csv');

/** The browser's download: the object URL made of the bytes and the link clicked with the file's name. */
const created: Blob[] = [];
const clicked: { href: string; download: string }[] = [];
beforeEach(() => {
  exportsFake.csv.mockReset();
  created.length = 0;
  clicked.length = 0;
  URL.createObjectURL = (blob: Blob) => (created.push(blob), `blob:test/${created.length}`);
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  jest.spyOn(window, 'print').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function Report({ filters }: { filters: Record<string, string> | null }) {
  return (
    <div className="bl-page">
      <h1>Deposit Statement</h1>
      <div className="bl-filters">
        <TextField label="From" type="date" value="2026-11-01" onChange={() => undefined} />
        <TextField label="Username" value="" onChange={() => undefined} />
        <SelectField label="Status" value="pending" options={[{ value: 'all', label: 'All' }, { value: 'pending', label: 'Pending' }]} onChange={() => undefined} />
      </div>
      <ExportActions report="get-deposit-withdraw-list" filters={filters} title="Deposit Statement" summary="Deposits" />
    </div>
  );
}

describe('ExportActions', () => {
  it('Download CSV asks the API for the report with the screen\'s filters and saves the file under the server\'s name', async () => {
    const blob = new Blob(['\uFEFFDate\r\n'], { type: 'text/csv' });
    exportsFake.csv.mockResolvedValue({ fileName: 'deposit-statement_demo_2026-11-01_2026-11-29.csv', blob });
    renderWithApis(<Report filters={{ type: 'deposit', startDate: '2026-11-01', reportType: 'pending' }} />, { exports: exportsFake });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:test/1', download: 'deposit-statement_demo_2026-11-01_2026-11-29.csv' }]));
    expect(exportsFake.csv).toHaveBeenCalledWith('get-deposit-withdraw-list', { type: 'deposit', startDate: '2026-11-01', reportType: 'pending' });
    expect(created).toEqual([blob]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Deposit Statement: download or print' })).toBeInTheDocument();
  });

  it('says why a download failed, and is off while the filters are not valid', async () => {
    exportsFake.csv.mockRejectedValue(new ApiError('You can see only your downline', 404, 'NOT_FOUND'));
    const { rerender } = renderWithApis(<Report filters={{ type: 'deposit' }} />, { exports: exportsFake });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The CSV could not be downloaded: You can see only your downline');
    expect(clicked).toEqual([]);
    rerender(<Report filters={null} />);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('Print prints the page, headed by the report, its filters in words and the time', () => {
    renderWithApis(<Report filters={{}} />, { exports: exportsFake });
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(window.print).toHaveBeenCalledTimes(1);
    const head = screen.getByTestId('print-head');
    expect(head).toHaveTextContent('Deposit Statement');
    expect(head).toHaveTextContent('Deposits · From: 01/11/2026 · Status: Pending');
    expect(head.textContent).not.toContain('Username');
    expect(head).toHaveTextContent(/Printed \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)/);
  });
});

describe('describeFilters and attachmentName', () => {
  it('read nothing where there is no filter bar, and the name of an attachment', () => {
    const lone = document.createElement('div');
    document.body.append(lone);
    expect(describeFilters(lone)).toBe('');
    expect(attachmentName('attachment; filename="a_b.csv"')).toBe('a_b.csv');
    expect(attachmentName(undefined)).toBeNull();
  });
});
