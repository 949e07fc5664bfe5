import { FormattedMessage } from 'react-intl';
import { useRemote, type SiteSettings } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** Spec §2: signups are open to all, or only to visitors from a traffic source with a network. */
export function signupsOpen(settings: SiteSettings['settings'], query: Record<string, string>): boolean {
  if (settings.signups === 'all') return true;
  return settings.signups === 'with_trafficsource' && Boolean(query.network);
}

/** /signup and /members/:memberId/signup. */
export function SignupView() {
  const { settings, query, params, href } = useRemote();
  const open = signupsOpen(settings.settings, query);
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="signup.title" defaultMessage="Sign up for free" />
      </h1>
      {params.memberId && (
        <p className={ui.lead}>
          <FormattedMessage
            id="signup.forMember"
            defaultMessage="You are signing up to meet member #{memberId}."
            values={{ memberId: params.memberId }}
          />
        </p>
      )}
      {open ? (
        <>
          <p>
            <FormattedMessage
              id="signup.open"
              defaultMessage="You can create your free account here, in a few short steps: your account, a photo, where you live and a few words about yourself."
            />
          </p>
          <Notice>
            <FormattedMessage
              id="signup.formComingSoon"
              defaultMessage="The sign-up form itself is not available yet. It will open on this page soon."
            />
          </Notice>
        </>
      ) : (
        <Notice>
          <FormattedMessage id="signup.inviteOnly" defaultMessage="Signing up for this site is by invitation only." />
        </Notice>
      )}
      <p>
        <FormattedMessage id="signup.haveAccount" defaultMessage="Already a member?" />{' '}
        <a href={href({ name: 'login' })}>
          <FormattedMessage id="signup.loginLink" defaultMessage="Log in" />
        </a>
      </p>
    </section>
  );
}
