import { useIntl } from 'react-intl';
import { Fragment, useRemote } from '@dating/shared';
import { SiteRunDisclosure } from '@dating/shared/ui';
import { common } from './messages';
import styles from './SignupBox.module.css';
import './surface.css';

export interface SignupBoxProps {
  /** The member whose page the signup starts from. */
  memberId?: number;
  /** Match-finder answers the new profile starts with. */
  answers?: Record<string, unknown>;
  className?: string;
}

/**
 * The signup form of mf-auth-signup, mounted as its fragment (DESIGN rule 8): never a copy, never
 * a link away. The tracking parameters of the address reach it through the page's query. On an
 * invite-only site it says so and offers login instead.
 */
export function SignupBox({ memberId, answers, className }: SignupBoxProps) {
  const { flags, settings, href } = useRemote();
  const intl = useIntl();
  const open = flags.signup && settings.settings.signups !== 'other';
  return (
    <div className={`${styles.box} mf-landers-light-surface ${className ?? ''}`}>
      {open ? (
        <Fragment
          remote="mf_auth_signup"
          name="signup-form"
          label={intl.formatMessage(common.signupRegion)}
          options={{ headingLevel: 2, ...(memberId ? { memberId } : {}), ...(answers ? { answers } : {}) }}
        />
      ) : (
        <>
          <p className={styles.invite}>{intl.formatMessage(common.inviteOnly, { site: settings.theme.brandName })}</p>
          {/* The open form has its own "Already a member? Log in", gone once the account exists. */}
          <p className={styles.login}>
            {intl.formatMessage(common.haveAccount)} <a href={href({ name: 'login' })}>{intl.formatMessage(common.login)}</a>
          </p>
          {/* The signup form says it itself; without the form, the lander does. */}
          <SiteRunDisclosure />
        </>
      )}
    </div>
  );
}
