import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useRemote, userAtom } from '@dating/shared';
import { Loading, Notice, ui } from '@dating/shared/ui';

/** /complete-signup: a member who signed up finishes the remaining steps of the profile. */
export function CompleteSignupView() {
  const { href } = useRemote();
  const user = useAtomValue(userAtom);
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="completeSignup.title" defaultMessage="Complete your profile" />
      </h1>
      {user === undefined ? (
        <Loading>
          <FormattedMessage id="common.loading" defaultMessage="Loading…" />
        </Loading>
      ) : user ? (
        <>
          <p className={ui.lead}>
            <FormattedMessage
              id="completeSignup.welcome"
              defaultMessage="Welcome, {name}."
              values={{ name: user.profile.name }}
            />
          </p>
          <Notice>
            <FormattedMessage
              id="completeSignup.comingSoon"
              defaultMessage="Completing your profile after signing up will be possible on this page soon."
            />
          </Notice>
          <p>
            <a href={href({ name: 'members' })}>
              <FormattedMessage id="completeSignup.toMembers" defaultMessage="Go to the members" />
            </a>
          </p>
        </>
      ) : (
        <p>
          <FormattedMessage id="completeSignup.loggedOut" defaultMessage="Log in first to complete your profile." />{' '}
          <a href={href({ name: 'login' })}>
            <FormattedMessage id="completeSignup.loginLink" defaultMessage="Log in" />
          </a>
        </p>
      )}
    </section>
  );
}
