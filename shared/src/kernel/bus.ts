import { Observable, Subject, filter, map } from 'rxjs';
import type { EventMap, EventName } from '../contracts/events';

interface Envelope {
  type: EventName;
  payload: unknown;
}

/**
 * The one Subject of the product. It is module state of @backlay/shared, which every app shares as
 * a federation singleton, so a publish in one remote reaches subscribers in every other app.
 * It is never exported: apps only publish and subscribe.
 */
const subject = new Subject<Envelope>();

/** Publish a notification to every subscriber of `type`. */
export function publish<K extends EventName>(type: K, payload: EventMap[K]): void {
  subject.next({ type, payload });
}

/** Observe notifications of one type. Subscribers must unsubscribe (hooks do it on unmount). */
export function on<K extends EventName>(type: K): Observable<EventMap[K]> {
  return subject.pipe(
    filter((e) => e.type === type),
    map((e) => e.payload as EventMap[K]),
  );
}

/** Shorthand for a toast request; notices of one `topic` (and kind) replace each other. */
export function notify(kind: EventMap['ui.notify']['kind'], message: string, topic?: string): void {
  publish('ui.notify', topic === undefined ? { kind, message } : { kind, message, topic });
}
