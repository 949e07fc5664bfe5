import { FormattedMessage } from 'react-intl';
import { pickTracking, useRemote } from '@dating/shared';
import { ui } from '@dating/shared/ui';

/** The way from a marketing page to signup (and login), keeping the visitor's tracking parameters. */
export function SignupCallToAction({ memberId }: { memberId?: string }) {
  const { href, query, flags } = useRemote();
  const tracking = pickTracking(query);
  return (
    <ul className={ui.links}>
      {flags.signup && (
        <li>
          <a
            className={ui.button}
            href={
              memberId
                ? href({ name: 'members-memberId-signup', params: { memberId }, query: tracking })
                : href({ name: 'signup', query: tracking })
            }
          >
            <FormattedMessage id="cta.signup" defaultMessage="Sign up for free" />
          </a>
        </li>
      )}
      <li>
        <FormattedMessage id="cta.haveAccount" defaultMessage="Already a member?" />{' '}
        <a href={href({ name: 'login' })}>
          <FormattedMessage id="cta.login" defaultMessage="Log in" />
        </a>
      </li>
    </ul>
  );
}
