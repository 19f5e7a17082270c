import { eventLabel, isRacingSport, placesText, raceMarketTitle, raceParts, reductionText, runnerLabel } from './racing';

describe('racing display', () => {
  it('knows the racing sports', () => {
    expect([7, 4339, 4, 1, 2, null, undefined].map(isRacingSport)).toEqual([true, true, false, false, false, false, false]);
  });

  it('splits a race name into venue and race', () => {
    expect(raceParts('Sheffield · A4 480m')).toEqual({ venue: 'Sheffield', race: 'A4 480m' });
    expect(raceParts('Kempton · 2m Hcap · Div 2')).toEqual({ venue: 'Kempton', race: '2m Hcap · Div 2' });
    expect(raceParts('India v Australia')).toEqual({ venue: '', race: 'India v Australia' });
  });

  it('names a race with its off time, any other event as it is', () => {
    const off = new Date(2026, 10, 28, 14, 5).toISOString();
    expect(eventLabel('Sheffield · A4 480m', 4339, off)).toBe('Sheffield · A4 480m · 14:05 28/11');
    expect(eventLabel('India v Australia', 4, off)).toBe('India v Australia');
    expect(eventLabel('Sheffield · A4 480m', 7, null)).toBe('Sheffield · A4 480m');
  });

  it('puts the race-card number before the name', () => {
    expect(runnerLabel('Swift Lad', 3)).toBe('3. Swift Lad');
    expect(runnerLabel('India', null)).toBe('India');
  });

  it('titles WIN and PLACE markets', () => {
    expect(raceMarketTitle(1)).toBe('Win');
    expect(raceMarketTitle(2)).toBe('To be placed · 2 places');
    expect(placesText(1)).toBe('1 place');
  });

  it('shows a reduction factor or nothing', () => {
    expect(reductionText(12.5)).toBe('Reduction 12.5%');
    expect(reductionText(0)).toBe('Reduction 0%');
    expect(reductionText(null)).toBeNull();
  });
});
