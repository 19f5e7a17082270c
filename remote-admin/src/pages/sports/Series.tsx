import { Link, generatePath, useParams } from 'react-router';
import { BuildTag, EmptyState, Page, ROUTES, Spinner, sportsAdminApi } from '@backlay/shared';
import { sportName, useLoad } from './sports-common';

/** The path of a competition's feed matches (matches/:sportId?competitionId=…). */
export function feedMatchesPath(sportId: number, competitionId: string): string {
  return `${generatePath(ROUTES.adminMatches.path, { sportId: String(sportId) })}?${new URLSearchParams({ competitionId })}`;
}

/**
 * series/:sportId (admin and sadmin): the competitions the odds feed offers for a sport, each
 * leading to its matches, where they are imported.
 */
export function Series() {
  const sportId = Number(useParams().sportId);
  const { load } = useLoad(() => sportsAdminApi.series(sportId), String(sportId));
  const name = sportName(sportId);
  return (
    <Page title={`Series: ${name}`} actions={<Link to={generatePath(ROUTES.adminSportsList.path, {})}>All sports</Link>}>
      {load.state === 'loading' ? <Spinner label="Loading competitions" /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>The feed offers no {name.toLowerCase()} competitions right now.</EmptyState> : null}
      {load.state === 'done' && load.value.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label="Competitions">
            <thead>
              <tr>
                <th scope="col">Competition</th>
                <th scope="col" className="num">Matches</th>
                <th scope="col">
                  <span className="bl-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {load.value.map((c) => (
                <tr key={c.competitionId}>
                  <th scope="row" className="bl-table__wrap">
                    {c.name}
                  </th>
                  <td className="num">{c.matchCount}</td>
                  <td>
                    <Link className="bl-btn bl-btn--secondary bl-btn--small" to={feedMatchesPath(sportId, c.competitionId)} aria-label={`Matches of ${c.name}`}>
                      Matches
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
