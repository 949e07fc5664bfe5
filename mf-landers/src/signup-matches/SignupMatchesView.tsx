import { FormattedMessage } from 'react-intl';
import { SignupCallToAction } from '../common/SignupCallToAction';
import { Notice, ui } from '@dating/shared/ui';

/** /signup-matches: members who could be a match, with the way to sign up. */
export function SignupMatchesView() {
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="signupMatches.title" defaultMessage="Sign up to see your matches" />
      </h1>
      <Notice>
        <FormattedMessage
          id="signupMatches.comingSoon"
          defaultMessage="Suggestions of members who could be a match for you will be shown here soon."
        />
      </Notice>
      <SignupCallToAction />
    </section>
  );
}
