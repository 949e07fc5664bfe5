import { FormattedMessage } from 'react-intl';
import { taglineOf, useKnownUser, useRemote, visitorMaySearch } from '@dating/shared';
import { Loading, ui } from '@dating/shared/ui';
import { SuggestedMembers } from '../members/SuggestedMembers';
import { HomeFaces } from './HomeFaces';
import { WhatsNew } from './WhatsNew';

/** The index page (route 'index'): what is new and suggestions for a member, a call to sign up for a visitor. */
export function HomeView() {
  const { href, settings, query, flags, locale } = useRemote();
  const user = useKnownUser();
  if (user === undefined) {
    return (
      <Loading>
        <FormattedMessage id="home.loading" defaultMessage="Loading…" />
      </Loading>
    );
  }
  if (user) {
    return (
      <section>
        <h1>
          <FormattedMessage id="home.welcomeBack" defaultMessage="Welcome back, {name}" values={{ name: user.profile.name }} />
        </h1>
        <p className={ui.lead}>{taglineOf(settings.theme, locale)}</p>
        <WhatsNew />
        {flags.profileSearch && <SuggestedMembers source="home" country={user.profile.country} />}
      </section>
    );
  }
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="home.welcome" defaultMessage="Welcome to {site}" values={{ site: settings.theme.brandName }} />
      </h1>
      <p className={ui.lead}>{taglineOf(settings.theme, locale)}</p>
      <HomeFaces />
      <p>
        <FormattedMessage
          id="home.pitch"
          defaultMessage="Create your free profile, see who is near you, like the people you fancy and start a conversation."
        />
      </p>
      <p>
        {flags.signup && settings.settings.signups !== 'other' && (
          <a className={ui.button} href={href({ name: 'signup', query: query.network ? { network: query.network } : undefined })}>
            <FormattedMessage id="home.signup" defaultMessage="Sign up for free" />
          </a>
        )}{' '}
        <a href={href({ name: 'login' })}>
          <FormattedMessage id="home.login" defaultMessage="I already have an account" />
        </a>
      </p>
      {flags.profileSearch && visitorMaySearch(settings.settings, query.network) && (
        <p>
          <a href={href({ name: 'members', query: query.network ? { network: query.network } : undefined })}>
            <FormattedMessage id="home.searchLink" defaultMessage="Search members" />
          </a>
        </p>
      )}
    </section>
  );
}
