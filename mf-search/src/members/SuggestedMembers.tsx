import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { useRemote } from '@dating/shared';
import { QueryView, ui } from '@dating/shared/ui';
import { MembersGrid } from './MembersGrid';
import { placeTiles, searchQuery } from './rules';

/**
 * A first page of members (the index page, the error page's members grid): one automatic
 * search, no filters beyond the member's country. Failures are logged (spec §8) and offer Retry.
 */
export function SuggestedMembers({ source, country, headingLevel = 2 }: { source: string; country?: string | null; headingLevel?: 2 | 3 }) {
  const { api, href } = useRemote();
  const intl = useIntl();
  const suggested = useQuery({
    queryKey: ['mf-search', 'suggested', source, country ?? null],
    queryFn: () =>
      api.search(searchQuery({ country: country ?? undefined }, 1, { first: true, source })).then(
        (answer) => answer.profiles,
        (error: unknown) => {
          console.error('suggested members could not be loaded', error);
          throw error;
        },
      ),
  });
  const Heading = `h${headingLevel}` as const;
  // Shown with the answer, under it: under the loading status it would be pushed down by the grid.
  const searchAll = (
    <p>
      <a href={href({ name: 'members' })}>
        <FormattedMessage id="suggested.searchAll" defaultMessage="Search all members" />
      </a>
    </p>
  );
  // As a fragment, the host's outlet is already the named region: a second one of the same name
  // would be a duplicate landmark (axe landmark-unique).
  const Region = source === 'fragment' ? 'div' : 'section';

  return (
    <Region aria-labelledby={source === 'fragment' ? undefined : `suggested-${source}`}>
      <Heading id={`suggested-${source}`}>
        <FormattedMessage id="suggested.title" defaultMessage="Members you may like" />
      </Heading>
      <QueryView
        query={suggested}
        loading={<FormattedMessage id="members.loading" defaultMessage="Looking for members…" />}
        errorTitle={<FormattedMessage id="members.failed" defaultMessage="Members could not be loaded." />}
        isEmpty={(profiles) => profiles.length === 0}
        empty={
          <>
            <p className={ui.notice}>
              <FormattedMessage id="suggested.empty" defaultMessage="No members to suggest right now." />
            </p>
            {searchAll}
          </>
        }
      >
        {(profiles) => (
          <>
            <MembersGrid
              slots={placeTiles(profiles, [])}
              headingLevel={headingLevel === 2 ? 3 : 4}
              label={intl.formatMessage({ id: 'suggested.title', defaultMessage: 'Members you may like' })}
            />
            {searchAll}
          </>
        )}
      </QueryView>
    </Region>
  );
}
