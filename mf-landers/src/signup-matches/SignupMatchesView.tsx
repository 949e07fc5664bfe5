import { useIntl } from 'react-intl';
import { useRemote } from '@dating/shared';
import { QueryView } from '@dating/shared/ui';
import { countryName } from '../legal/facts';
import { ProfileGrid } from '../match-finder/ProfileGrid';
import { mf } from '../match-finder/messages';
import { useMatches } from '../match-finder/MatchFinderView';
import styles from '../match-finder/MatchFinder.module.css';

/** /signup-matches (empty layout): after signup, members suggested from the match-finder answers. */
export function SignupMatchesView() {
  const { services, href } = useRemote();
  const intl = useIntl();
  const answers = services.storage.get('matchAnswers') ?? null;
  const matches = useMatches(answers);
  return (
    <div className={styles.page} data-template="signup-matches">
      <header className={styles.header}>
        <h1>{intl.formatMessage(mf.matchesTitle)}</h1>
        {answers && (
          <p>
            {intl.formatMessage(mf.matchesIntro, {
              seeking: intl.formatMessage(answers.seeking === 'male' ? mf.men : mf.women),
              min: answers.min_age,
              max: answers.max_age,
              where: [answers.countryregion, countryName(answers.country, intl.locale as never)].filter(Boolean).join(', '),
            })}
          </p>
        )}
      </header>
      {answers ? (
        <QueryView query={matches} isEmpty={(d) => d.profiles.length === 0} empty={<p>{intl.formatMessage(mf.noResults)}</p>}>
          {(data) => <ProfileGrid profiles={data.profiles} />}
        </QueryView>
      ) : (
        <p>{intl.formatMessage(mf.matchesNone)}</p>
      )}
      <p className={styles.nav}>
        <a className={styles.secondary} href={href({ name: 'match-finder' })}>
          {intl.formatMessage(mf.matchesStart)}
        </a>
        <a className={styles.primary} href={href({ name: 'search' })}>
          {intl.formatMessage(mf.matchesAll)}
        </a>
      </p>
    </div>
  );
}
