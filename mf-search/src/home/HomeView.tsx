import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useRemote, userAtom } from '@dating/shared';

export function HomeView() {
  const { href, settings } = useRemote();
  const user = useAtomValue(userAtom);
  return (
    <section>
      <h1>
        {user ? (
          <FormattedMessage id="home.welcomeBack" defaultMessage="Welcome back, {name}" values={{ name: user.profile.name }} />
        ) : (
          <FormattedMessage id="home.welcome" defaultMessage="Welcome to {site}" values={{ site: settings.theme.brandName }} />
        )}
      </h1>
      <p>{settings.theme.tagline}</p>
      <p>
        <a href={href({ name: 'members' })}>
          <FormattedMessage id="home.searchLink" defaultMessage="Search members" />
        </a>
      </p>
    </section>
  );
}
