import { ReplaySubject, type Observable } from 'rxjs';
import type { EventMap } from '../contracts/events';
import { publish } from './bus';

type Initialised = EventMap['app.initialised'];

/**
 * The app's start, kept for whoever comes later. The bus carries notifications, never state
 * (contracts/events.ts), so a remote loaded on a later page would never see the one publish: this
 * subject replays it. It is module state of @backlay/shared, a federation singleton, so every
 * app reads the same one.
 */
const started = new ReplaySubject<Initialised>(1);
let announced = false;

/**
 * The shell, when it is ready: publishes `app.initialised` on the bus, once per page. A second call
 * (React's StrictMode runs an effect twice; a sign-in that loads the app after the card) does
 * nothing and answers false.
 */
export function announceAppInitialised(payload: Initialised): boolean {
  if (announced) return false;
  announced = true;
  started.next(payload);
  started.complete();
  publish('app.initialised', payload);
  return true;
}

/**
 * `app.initialised`'s payload: at once for a subscriber that comes after the shell announced it,
 * else when it does; then it completes (there is one start per page).
 */
export function appInitialised$(): Observable<Initialised> {
  return started.asObservable();
}
