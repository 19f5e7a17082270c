import { announceAppInitialised, appInitialised$ } from './app-initialised';
import { on } from './bus';

describe('app-initialised', () => {
  it('is published on the bus once, and replayed to a subscriber that comes later (a remote loaded on a later page)', () => {
    const onBus: unknown[] = [];
    const early: unknown[] = [];
    let earlyDone = false;
    const bus = on('app.initialised').subscribe((p) => onBus.push(p));
    appInitialised$().subscribe({ next: (p) => early.push(p), complete: () => (earlyDone = true) });
    expect(early).toEqual([]);

    expect(announceAppInitialised({ area: 'player', signedIn: true })).toBe(true);
    // StrictMode's second effect, or a second caller: nothing more is published.
    expect(announceAppInitialised({ area: 'admin', signedIn: false })).toBe(false);
    bus.unsubscribe();

    const late: unknown[] = [];
    appInitialised$().subscribe((p) => late.push(p));
    expect(onBus).toEqual([{ area: 'player', signedIn: true }]);
    expect(early).toEqual([{ area: 'player', signedIn: true }]);
    expect(earlyDone).toBe(true);
    expect(late).toEqual([{ area: 'player', signedIn: true }]);
  });
});
