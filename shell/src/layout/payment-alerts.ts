import { useCallback, useEffect, useRef, useState } from 'react';
import { formatRupees, notify, on, useApis, type PendingPayments, type SocketPaymentQueuePayload } from '@backlay/shared';
import { STORAGE_KEYS } from '@backlay/shared/storage';
import { t } from '../i18n';

/** What an agent's admin area knows of its payment queue (issue 34, live alerts). */
export interface PaymentAlerts {
  /** The downline's requests waiting for a decision; null until the first read. */
  pending: PendingPayments | null;
  /** Whether a new request plays the alert sound (the agent's choice, remembered on this device). */
  sound: boolean;
  toggleSound: () => void;
}

/** The toast of a new request: who asked for what. */
export function alertMessage(payload: SocketPaymentQueuePayload): string {
  return t(payload.type === 'deposit' ? 'paymentAlerts.newDeposit' : 'paymentAlerts.newWithdraw', { username: payload.username, amount: `₹${formatRupees(payload.amount)}` });
}

function soundStored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.paymentAlertSound) !== 'off';
  } catch {
    return true;
  }
}

let audio: AudioContext | null = null;

/**
 * Two short rising tones from the Web Audio API (no file to load). Silent where the browser has
 * no audio context or refuses to start one before the page was used.
 */
export function playAlertSound(): void {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (Context === undefined) return;
  try {
    audio ??= new Context();
    const ctx = audio;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    [880, 1320].forEach((frequency, index) => {
      const start = ctx.currentTime + index * 0.16;
      const tone = ctx.createOscillator();
      const gain = ctx.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.14);
      tone.connect(gain).connect(ctx.destination);
      tone.start(start);
      tone.stop(start + 0.15);
    });
  } catch {
    // No sound is no failure: the toast and the badge still tell.
  }
}

/**
 * The agent's payment queue, live: read at once (GET pending-payments), again whenever the user
 * socket says a request of the downline was made or decided, when the socket (re)joins and when
 * the page comes back into view (messages sent while the socket was down are not replayed). A new request also shows a
 * toast and, unless the agent switched it off, plays the alert sound. `enabled` false (a player,
 * a first sign-in) reads nothing.
 */
export function usePaymentAlerts(enabled: boolean, sounder: () => void = playAlertSound): PaymentAlerts {
  const { payments } = useApis();
  const [pending, setPending] = useState<PendingPayments | null>(null);
  const [sound, setSound] = useState(soundStored);
  const soundOn = useRef(sound);
  soundOn.current = sound;
  const reads = useRef(0);

  const read = useCallback(() => {
    const ticket = ++reads.current;
    payments.pendingPayments().then(
      (queue) => {
        // An older read answering late never overwrites a newer one.
        if (ticket === reads.current) setPending(queue);
      },
      () => undefined,
    );
  }, [payments]);

  useEffect(() => {
    if (!enabled) return undefined;
    read();
    const sub = on('payments.queueChanged').subscribe((payload) => {
      read();
      if (payload.change !== 'requested') return;
      notify('info', alertMessage(payload));
      if (soundOn.current) sounder();
    });
    // The socket (re)joined, after a reconnect or another instance took it over: what it missed is read.
    const joined = on('session.socketJoined').subscribe(() => read());
    const onVisible = () => {
      if (document.visibilityState === 'visible') read();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      sub.unsubscribe();
      joined.unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, read, sounder]);

  const toggleSound = useCallback(() => {
    setSound((on) => {
      const next = !on;
      try {
        window.localStorage.setItem(STORAGE_KEYS.paymentAlertSound, next ? 'on' : 'off');
      } catch {
        // Private mode: the choice lasts for this page.
      }
      return next;
    });
  }, []);

  return { pending, sound, toggleSound };
}
