import { useEffect, useId, useState } from 'react';
import { Button, notify, useApis, type Area } from '@backlay/shared';
import { localizeApiMessage } from '@backlay/shared/i18n';
import { useT } from '../../i18n/pages';
import { PUSH_TEXT, PushRefused, currentSubscription, pushSupport, turnOff, turnOn } from '../../session/push-subscription';

type State = { kind: 'reading' } | { kind: 'on' } | { kind: 'off' } | { kind: 'busy' };


/**
 * Browser notifications (issue 34, ADR 0071): opt-in per browser. Shows whether this browser
 * receives them and turns them on (the browser asks for permission) or off; says why when it
 * cannot (no support, blocked, the push service out of reach).
 */
export function NotificationsSection({ area }: { area: Area }) {
  const t = useT();
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
      notify('success', on ? t('push.turnedOn') : t('push.turnedOff'));
    } catch (error) {
      setProblem(error instanceof PushRefused ? error.message : localizeApiMessage((error as Error).message));
      setState({ kind: (await currentSubscription().catch(() => null)) === null ? 'off' : 'on' });
    }
  };

  return (
    <section className="bl-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="bl-section-title">
        {t('push.title')}
      </h2>
      <p className="bl-hint">{area === 'admin' ? t('push.whatAdmin') : t('push.whatPlayer')}</p>
      {support === 'unsupported' ? (
        <p>{PUSH_TEXT.unsupported}</p>
      ) : (
        <>
          <p role="status">{state.kind === 'reading' ? t('push.checking') : state.kind === 'on' ? t('push.on') : state.kind === 'off' ? t('push.off') : t('push.asking')}</p>
          {support === 'blocked' && state.kind !== 'on' ? <p>{PUSH_TEXT.blocked}</p> : null}
          {problem !== null ? <p role="alert" className="bl-form-error">{problem}</p> : null}
          <Button variant={state.kind === 'on' ? 'secondary' : 'primary'} disabled={state.kind === 'reading' || state.kind === 'busy'} onClick={() => void act(state.kind !== 'on')}>
            {state.kind === 'on' ? t('push.turnOff') : t('push.turnOn')}
          </Button>
        </>
      )}
    </section>
  );
}
