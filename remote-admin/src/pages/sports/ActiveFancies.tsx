import { useParams } from 'react-router';
import { EmptyState, Spinner, useLoad, useApis } from '@backlay/shared';
import { MatchSwitchPage, SwitchTable, fancyRow, type SwitchChange, type SwitchRow } from './ActiveMarkets';
import { useT } from '../../i18n';

/** get-fancy-list kind that lists every fancy of a match, whatever its gtype. */
export const ALL_FANCY_KINDS = 'all';

/**
 * active-fancies/:matchId (admin and sadmin): every fancy of a match (sessions and wicket lines)
 * with the player switch, the admin suspension and its limits (update-fancy).
 */
export function ActiveFancies() {
  const { sportsAdmin: sportsAdminApi, sports: sportsApi } = useApis();
  const matchId = useParams().matchId ?? '';
  const { load, reload } = useLoad(() => sportsApi.fancyList(matchId, ALL_FANCY_KINDS), matchId);
  const t = useT();
  const change = async (row: SwitchRow, c: SwitchChange) => {
    try {
      return await sportsAdminApi.updateFancy({ fancyId: row.id, ...c });
    } finally {
      reload();
    }
  };
  return (
    <MatchSwitchPage matchId={matchId} what="Fancies">
      {load.state === 'loading' ? <Spinner label={t('switch.loadingFancies')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{t('switch.noFancies')}</EmptyState> : null}
      {load.state === 'done' && load.value.length > 0 ? <SwitchTable label={t('matches.fancies')} one={t('switch.oneFancy')} rows={load.value.map(fancyRow)} onChange={change} /> : null}
    </MatchSwitchPage>
  );
}
