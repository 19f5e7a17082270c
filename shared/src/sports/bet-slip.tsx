import { useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '../kernel/errors';
import { notify } from '../kernel/bus';
import { notifyFailure } from '../kernel/use-load';
import { createSubmissionKeys } from '../kernel/idempotency';

/**
 * The pieces every bet slip (the sports odds page's, the casino table's) has in common: the
 * submission of a bet with its Idempotency-Key, the Stake field and the player's stake buttons,
 * the runner book it projects, and the slip's end (why it is closed, the server's refusal, Cancel and Place Bet). Each slip
 * keeps what is its own: the selection, the odds, and how it computes its book.
 */

/** The server's refusal of the slip's last submission. */
export interface SlipError {
  message: string;
  code: ApiError['code'];
}

export interface SlipSubmission<B> {
  submitting: boolean;
  error: SlipError | null;
  setError: (error: SlipError | null) => void;
  /** The form's submit handler: sends `body` unless there is none, the slip is closed or a submission is running. */
  submit: (event: FormEvent, body: B | null, closed: string | null) => Promise<void>;
}

/**
 * The toasts' topic of a bet's refusals: each replaces the last ("Odds changed: requested 2.04,
 * live 2.02" and then "… 2.02, live 2.00" are one toast), so a slip tried again and again shows at
 * most its refusal and its success, the two kinds a phone's bottom sheet leaves room for (ADR 0057).
 */
export const BET_REFUSED_TOPIC = 'bet-refused';

/**
 * Sends a slip's bet: one Idempotency-Key per submission; a submission whose answer was lost
 * (NETWORK) keeps its key, so sending the very same bet again reuses it. Success is a toast (the
 * server's message, or `notice` of the reply: the price the bet was matched at) and `onPlaced`;
 * a refusal is kept for the slip (`error`) and shown as a toast.
 */
export function useSlipSubmission<B, R extends { message: string } = { message: string }>(
  place: (body: B, key: string) => Promise<R>,
  onPlaced: () => void,
  notice: (reply: R, body: B) => string = (reply) => reply.message,
): SlipSubmission<B> {
  const [error, setError] = useState<SlipError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** One key per submission; the key of a submission whose answer was lost, for sending the same bet again. */
  const keys = useRef(createSubmissionKeys()).current;

  const submit = async (event: FormEvent, body: B | null, closed: string | null) => {
    event.preventDefault();
    if (!body || closed || submitting) return;
    const bodyText = JSON.stringify(body);
    const key = keys.keyFor(bodyText);
    setSubmitting(true);
    setError(null);
    try {
      const res = await place(body, key);
      keys.settle(bodyText, key, false);
      notify('success', notice(res, body));
      onPlaced();
    } catch (e) {
      const failure = e as ApiError;
      keys.settle(bodyText, key, failure.code === 'NETWORK');
      setError({ message: failure.message, code: failure.code });
      notifyFailure(failure, BET_REFUSED_TOPIC);
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, error, setError, submit };
}
