import * as React from 'react';
import { FormattedMessage } from 'react-intl';
import { useKnownUser, useRemote } from '@dating/shared';
import { Loading, Notice, ui } from '@dating/shared/ui';
import { SignupFlow } from '../signup/SignupFlow';

/**
 * /complete-signup: a member who signed up but left before the end resumes the steps, with
 * auto-skip on (steps already filled in are passed), never before the step reached last
 * (lastSignupStep). A member who reached the end (7) is told the profile is complete.
 */
export function CompleteSignupView() {
  const { href } = useRemote();
  const user = useKnownUser();
  // Decided once: the flow itself moves lastSignupStep on, up to 7, and must stay on screen.
  // (Kept in state, taken from the first known user while rendering.)
  const [reached, setReached] = React.useState<number | null>(null);
  if (user && reached === null) setReached(user.profile.lastSignupStep ?? 7);
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="completeSignup.title" defaultMessage="Complete your profile" />
      </h1>
      {user === undefined ? (
        <Loading>
          <FormattedMessage id="common.loading" defaultMessage="Loading…" />
        </Loading>
      ) : !user ? (
        <p>
          <FormattedMessage id="completeSignup.loggedOut" defaultMessage="Log in first to complete your profile." />{' '}
          <a href={href({ name: 'login', query: { next: href({ name: 'complete-signup' }) } })}>
            <FormattedMessage id="completeSignup.loginLink" defaultMessage="Log in" />
          </a>
        </p>
      ) : (reached ?? user.profile.lastSignupStep ?? 7) >= 7 ? (
        <>
          <Notice>
            <FormattedMessage id="completeSignup.complete" defaultMessage="Your profile is complete, {name}." values={{ name: user.profile.name }} />
          </Notice>
          <ul className={ui.links}>
            <li>
              <a href={href({ name: 'members' })}>
                <FormattedMessage id="completeSignup.toMembers" defaultMessage="Go to the members" />
              </a>
            </li>
            <li>
              <a href={href({ name: 'profile' })}>
                <FormattedMessage id="completeSignup.toProfile" defaultMessage="Edit your profile" />
              </a>
            </li>
          </ul>
        </>
      ) : (
        <>
          <p className={ui.lead}>
            <FormattedMessage id="completeSignup.welcome" defaultMessage="Welcome, {name}." values={{ name: user.profile.name }} />
          </p>
          <SignupFlow autoSkip minStep={reached ?? user.profile.lastSignupStep ?? 1} />
        </>
      )}
    </section>
  );
}
