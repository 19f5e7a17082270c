import { useEffect, useId, useState } from 'react';
import { Button, notify, useApis, type Area } from '@backlay/shared';
import { PUSH_TEXT, PushRefused, currentSubscription, pushSupport, turnOff, turnOn } from '../../session/push-subscription';

type State = { kind: 'reading' } | { kind: 'on' } | { kind: 'off' } | { kind: 'busy' };

/** What each area's notifications tell. */
const WHAT: Record<Area, string> = {
  player: 'A notification on this device when a bet of yours settles and when a deposit or withdrawal of yours is approved or rejected, even with Backlay closed.',
  admin: 'A notification on this device when a player of your downline asks for a deposit or a withdrawal, even with Backlay closed.',
};

/**
 * Browser notifications (issue 34, ADR 0071): opt-in per browser. Shows whether this browser
 * receives them and turns them on (the browser asks for permission) or off; says why when it
 * cannot (no support, blocked, the push service out of reach).
 */
export function NotificationsSection({ area }: { area: Area }) {
  const { security } = useApis();
  const titleId = useId();
  const [state, setState] = useState<State>({ kind: 'reading' });
  const [problem, setProblem] = useState<string | null>(null);
  const support = pushSupport();

  useEffect(() => {
    if (pushSupport() === 'unsupported') return undefined;
    let live = true;
    currentSubscription().then(
      (subscription) => live && setState({ kind: subscription === null ? 'off' : 'on' }),
      () => live && setState({ kind: 'off' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const act = async (on: boolean) => {
    setState({ kind: 'busy' });
    setProblem(null);
    try {
      await (on ? turnOn(security) : turnOff(security));
      setState({ kind: on ? 'on' : 'off' });
      notify('success', on ? 'Notifications are on in this browser' : 'Notifications are off in this browser');
    } catch (error) {
      setProblem(error instanceof PushRefused ? error.message : (error as Error).message);
      setState({ kind: (await currentSubscription().catch(() => null)) === null ? 'off' : 'on' });
    }
  };

  return (
    <section className="bl-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="bl-section-title">
        Browser notifications
      </h2>
      <p className="bl-hint">{WHAT[area]}</p>
      {support === 'unsupported' ? (
        <p>{PUSH_TEXT.unsupported}</p>
      ) : (
        <>
          <p role="status">{state.kind === 'reading' ? 'Checking this browser…' : state.kind === 'on' ? 'On in this browser.' : state.kind === 'off' ? 'Off in this browser.' : 'Asking the browser…'}</p>
          {support === 'blocked' && state.kind !== 'on' ? <p>{PUSH_TEXT.blocked}</p> : null}
          {problem !== null ? <p role="alert" className="bl-form-error">{problem}</p> : null}
          <Button variant={state.kind === 'on' ? 'secondary' : 'primary'} disabled={state.kind === 'reading' || state.kind === 'busy'} onClick={() => void act(state.kind !== 'on')}>
            {state.kind === 'on' ? 'Turn off notifications' : 'Turn on notifications'}
          </Button>
        </>
      )}
    </section>
  );
}
