import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { seesWebcamTiles, useKnownUser, useRemote, visitorMaySearch, VISITOR_SEARCH_MAX_PAGE, type User } from '@dating/shared';
import { Loading, ui } from '@dating/shared/ui';
import { MembersGrid } from './MembersGrid';
import { Filters } from './Filters';
import {
  ageBucket,
  allowedFilter,
  placeTiles,
  queryFromState,
  stateFromQuery,
  widenAgeRange,
  type Filter,
} from './rules';
import { useMemberSearch } from './useMemberSearch';
import { useWebcamTiles } from './useWebcamTiles';
import styles from '../profiles/profiles.module.css';

/**
 * /members and /search (spec §2): who may search is decided here (spec §6): members always,
 * visitors when the site's logged-out search settings allow; other visitors go to login.
 */
export function MembersView() {
  const { settings, query, navigate, href, routeName } = useRemote();
  const user = useKnownUser();
  const allowed = user !== undefined && (user !== null || visitorMaySearch(settings.settings, query.network));
  React.useEffect(() => {
    if (user === null && !allowed) {
      const next = href({ name: routeName === 'search' ? 'search' : 'members', query });
      navigate({ name: 'login', query: { next } }, { replace: true });
    }
  }, [user, allowed, href, navigate, routeName, query]);

  if (user === undefined || !allowed) {
    return (
      <section className={ui.view}>
        <Loading>
          <FormattedMessage id="members.loading" defaultMessage="Looking for members…" />
        </Loading>
      </section>
    );
  }
  return <MemberSearch user={user} />;
}

function MemberSearch({ user }: { user: User | null }) {
  const { api, settings, query, navigate, routeName, locale, href } = useRemote();
  const intl = useIntl();
  const queryRef = React.useRef(query);
  React.useLayoutEffect(() => {
    queryRef.current = query;
  });
  const searchFields = settings.settings.search_fields;
  const initial = React.useMemo(() => {
    const state = stateFromQuery(query);
    return { ...state, filter: allowedFilter(state.filter, searchFields) };
    // The URL is read once, when the page opens; after that the page writes it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const search = useMemberSearch(initial, {
    api,
    trafficsource: query.network,
    source: 'members',
    onPaging: (state) =>
      navigate(
        { name: routeName === 'search' ? 'search' : 'members', query: queryFromState(state, queryRef.current) },
        { replace: true },
      ),
  });
  const { state } = search;
  const tilesOn = seesWebcamTiles(user, settings.settings.member_resell);
  const { cams, settled: tilesSettled } = useWebcamTiles(api, tilesOn, state.filter);
  const slots = React.useMemo(() => placeTiles(state.results, cams), [state.results, cams]);
  const similarSlots = React.useMemo(() => placeTiles(state.similar, []), [state.similar]);
  const bucket = ageBucket(state.filter.age);
  const wider = bucket ? widenAgeRange(bucket) : null;
  const homeCountry = user?.profile.country ?? settings.settings.geoip_country ?? settings.settings.geoip_selected_country;

  // The results show together with the webcam tiles placed among them: tiles that came later
  // would push the cards aside under the member's eyes.
  const loadingFirst = (state.status === 'loading' && state.pending === 'first') || (state.results.length > 0 && !tilesSettled);
  // A visitor sees a few pages (VISITOR_SEARCH_MAX_PAGE, a few a minute): then an invitation to sign up, not an error.
  const signupToSeeMore =
    user === null && (search.signupToSeeMore || (search.hasMore && state.page >= VISITOR_SEARCH_MAX_PAGE));
  // A traffic source the site does not know: the visitor logs in first and comes back here.
  const toLogin = user === null && search.loginRequired;
  const failed = state.status === 'error' && !signupToSeeMore && !toLogin;
  React.useEffect(() => {
    if (toLogin) navigate({ name: 'login', query: { next: href({ name: routeName === 'search' ? 'search' : 'members', query }) } }, { replace: true });
  }, [toLogin, navigate, href, routeName, query]);

  return (
    <section>
      <h1>
        <FormattedMessage id="members.title" defaultMessage="Search members" />
      </h1>
      <Filters
        filter={state.filter}
        onChange={(filter: Filter) => search.setFilter(allowedFilter(filter, searchFields))}
        settings={settings.settings}
        homeCountry={homeCountry}
        locale={locale}
      />

      {loadingFirst && (
        <Loading>
          <FormattedMessage id="members.loading" defaultMessage="Looking for members…" />
        </Loading>
      )}

      {failed && (
        <div className={ui.alert} role="alert">
          <p>
            <FormattedMessage id="members.failed" defaultMessage="Members could not be loaded." />
          </p>
          <button type="button" className={ui.button} onClick={search.retry}>
            <FormattedMessage id="members.retry" defaultMessage="Retry" />
          </button>
        </div>
      )}

      {state.status === 'ready' && state.results.length === 0 && (
        <p className={ui.notice} role="status">
          <FormattedMessage
            id="members.empty"
            defaultMessage="No members match these filters. Try another age range, region or country."
          />
        </p>
      )}

      {state.results.length > 0 && tilesSettled && (
        <>
          <p className={ui.status} role="status" aria-live="polite">
            <FormattedMessage
              id="members.count"
              defaultMessage="Showing {shown, number} of {total, plural, one {# member} other {# members}}"
              values={{ shown: state.results.length, total: state.numResults }}
            />
          </p>
          <MembersGrid slots={slots} headingLevel={2} label={intl.formatMessage({ id: 'members.results', defaultMessage: 'Search results' })} />
        </>
      )}

      {signupToSeeMore && (
        <section className={ui.notice} aria-labelledby="signup-more-heading">
          <h2 id="signup-more-heading">
            <FormattedMessage id="members.signupMore.title" defaultMessage="Want to see everyone?" />
          </h2>
          <p>
            <FormattedMessage
              id="members.signupMore.body"
              defaultMessage="Sign up for free to see all members, like them and start chatting."
            />
          </p>
          <a className={ui.button} href={href({ name: 'signup', query: query.network ? { network: query.network } : undefined })}>
            <FormattedMessage id="members.signupMore.button" defaultMessage="Sign up for free" />
          </a>
        </section>
      )}

      {/* The paging buttons come under the first results, never before them (the grid would push them down). */}
      {!loadingFirst && (
        <div className={styles.more}>
          {search.hasMore && !signupToSeeMore && !(failed && state.pending === 'more') && (
            <button type="button" className={ui.button} onClick={search.loadMore} disabled={state.status === 'loading'}>
              {state.status === 'loading' && state.pending === 'more' ? (
                <FormattedMessage id="members.loadingMore" defaultMessage="Loading…" />
              ) : (
                <FormattedMessage id="members.loadMore" defaultMessage="Load more" />
              )}
            </button>
          )}
          {search.canLoadSimilar && !signupToSeeMore && state.similarpage === 0 && wider && (
            <button type="button" className={ui.button} onClick={search.loadSimilar} disabled={state.status === 'loading'}>
              <FormattedMessage
                id="members.similar"
                defaultMessage="Show similar members aged {min}–{max}"
                values={{ min: wider.min, max: wider.max }}
              />
            </button>
          )}
        </div>
      )}

      {state.similarpage > 0 && wider && (
        <section aria-labelledby="similar-heading">
          <h2 id="similar-heading">
            <FormattedMessage
              id="members.similarTitle"
              defaultMessage="Similar members aged {min}–{max}"
              values={{ min: wider.min, max: wider.max }}
            />
          </h2>
          {state.similar.length === 0 ? (
            <p className={ui.notice}>
              <FormattedMessage id="members.similarEmpty" defaultMessage="No similar members found." />
            </p>
          ) : (
            <MembersGrid
              slots={similarSlots}
              headingLevel={3}
              label={intl.formatMessage({ id: 'members.similarResults', defaultMessage: 'Similar members' })}
            />
          )}
          {search.canLoadSimilar && !signupToSeeMore && (
            <div className={styles.more}>
              <button type="button" className={ui.button} onClick={search.loadSimilar} disabled={state.status === 'loading'}>
                <FormattedMessage id="members.loadMoreSimilar" defaultMessage="More similar members" />
              </button>
            </div>
          )}
        </section>
      )}
    </section>
  );
}
