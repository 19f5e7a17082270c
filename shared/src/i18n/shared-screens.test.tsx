import { act, render, screen } from '@testing-library/react';
import { Pager } from '../ui/pager';
import { DateRange } from '../ui/date-range';
import { QuickStakes, SlipActions, SlipRunnerBook, StakeField, placedRunnerNotice } from '../sports/slip-parts';
import { placingText } from '../sports/slip-status';
import { placesText, raceMarketTitle, reductionText } from '../sports/racing';
import { setLanguage } from './i18n';

/**
 * The shared package's own screens switch to Hindi with the page (issue 36): the same components
 * the unit tests read in English, re-rendered after setLanguage('hi').
 */
afterEach(async () => {
  await act(() => setLanguage('en'));
});

it('shows the pager, the date range and a slip in Hindi once Hindi is chosen', async () => {
  render(
    <>
      <Pager page={2} pageSize={10} total={35} onPage={() => undefined} />
      <DateRange from="2026-11-01" to="2026-11-07" onChange={() => undefined} />
      <form aria-label="slip">
        <StakeField stakeText="0" onStakeText={() => undefined} invalid />
        <QuickStakes stakeButtons={[{ label: '1k', value: 1000 }]} onStakeText={() => undefined} maxStake={500} />
        <SlipRunnerBook rows={[{ selectionId: 'a', name: 'India', nowMinor: 0, afterMinor: 10000 }]} exposure={{ nowMinor: 0, afterMinor: -5000 }} />
        <SlipActions closed={null} error={null} canPlace submitting={false} onCancel={() => undefined} />
      </form>
    </>,
  );
  expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Place Bet' })).toBeInTheDocument();

  await act(() => setLanguage('hi'));
  expect(screen.getByRole('navigation', { name: 'पेज' })).toBeInTheDocument();
  expect(screen.getByText('4 में से पेज 2')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'अगला' })).toBeInTheDocument();
  expect(screen.getByLabelText('तारीख से')).toHaveValue('2026-11-01');
  expect(screen.getByLabelText('तारीख तक')).toHaveValue('2026-11-07');
  expect(screen.getByLabelText('स्टेक')).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('स्टेक 0 से अधिक राशि होनी चाहिए');
  expect(screen.getByRole('group', { name: 'क्विक स्टेक' })).toBeInTheDocument();
  expect(screen.getByText(/आपकी स्टेक सीमा: एक दांव में अधिकतम ₹500\.00 की हानि/)).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'हर रनर के जीतने पर लाभ या हानि' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'दांव लगाएं' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
});

it('says the words built outside React in the language of the moment', async () => {
  await act(() => setLanguage('hi'));
  expect(placingText(3)).toBe('दांव लगाया जा रहा है… 3 सेकंड');
  expect(raceMarketTitle(1)).toBe('जीत');
  expect(raceMarketTitle(3)).toBe('प्लेस में आएगा · 3 प्लेस');
  expect(placesText(1)).toBe('1 प्लेस');
  expect(reductionText(12.5)).toBe('कटौती 12.5%');
  expect(placedRunnerNotice('Bet Placed Successfully', 2, 2.1)).toBe('दांव सफलतापूर्वक लगाया गया · 2.1 पर मैच हुआ (मांगा गया 2)');
});
