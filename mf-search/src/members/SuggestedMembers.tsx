import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote, type PublicProfile } from '@dating/shared';
import { Loading, ui } from '@dating/shared/ui';
import { MembersGrid } from './MembersGrid';
import { placeTiles, searchQuery } from './rules';

const NO_PROFILES: PublicProfile[] = [];

/**
 * A first page of members (the index page, the error page's members grid): one automatic
 * search, no filters beyond the member's country. Failures are logged (spec §8) and offer Retry.
 */
export function SuggestedMembers({ source, country, headingLevel = 2 }: { source: string; country?: string | null; headingLevel?: 2 | 3 }) {
  const { api, href } = useRemote();
  const intl = useIntl();
  const [attempt, setAttempt] = React.useState(0);
  const request = `${source}|${country ?? ''}|${attempt}`;
  // The answer of the request it answers; until then (and after Retry) the request is loading.
  const [answered, setAnswered] = React.useState<{ request: string; status: 'ready' | 'error'; profiles: PublicProfile[] } | null>(null);
  const state = answered?.request === request ? answered : { status: 'loading' as const, profiles: NO_PROFILES };
  React.useEffect(() => {
    let live = true;
    api.search(searchQuery({ country: country ?? undefined }, 1, { first: true, source })).then(
      (answer) => live && setAnswered({ request, status: 'ready', profiles: answer.profiles }),
      (error) => {
        console.error('suggested members could not be loaded', error);
        if (live) setAnswered({ request, status: 'error', profiles: NO_PROFILES });
      },
    );
    return () => {
      live = false;
    };
  }, [api, source, country, attempt, request]);
  const Heading = `h${headingLevel}` as const;
  const slots = React.useMemo(() => placeTiles(state.profiles, []), [state.profiles]);

  return (
    <section aria-labelledby={`suggested-${source}`}>
      <Heading id={`suggested-${source}`}>
        <FormattedMessage id="suggested.title" defaultMessage="Members you may like" />
      </Heading>
      {state.status === 'loading' && (
        <Loading>
          <FormattedMessage id="members.loading" defaultMessage="Looking for members…" />
        </Loading>
      )}
      {state.status === 'error' && (
        <div className={ui.alert} role="alert">
          <p>
            <FormattedMessage id="members.failed" defaultMessage="Members could not be loaded." />
          </p>
          <button type="button" className={ui.button} onClick={() => setAttempt((a) => a + 1)}>
            <FormattedMessage id="members.retry" defaultMessage="Retry" />
          </button>
        </div>
      )}
      {state.status === 'ready' && state.profiles.length === 0 && (
        <p className={ui.notice}>
          <FormattedMessage id="suggested.empty" defaultMessage="No members to suggest right now." />
        </p>
      )}
      {state.profiles.length > 0 && (
        <MembersGrid slots={slots} label={intl.formatMessage({ id: 'suggested.title', defaultMessage: 'Members you may like' })} />
      )}
      <p>
        <a href={href({ name: 'members' })}>
          <FormattedMessage id="suggested.searchAll" defaultMessage="Search all members" />
        </a>
      </p>
    </section>
  );
}
