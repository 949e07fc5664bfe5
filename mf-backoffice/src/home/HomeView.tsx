import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Desk, screensFor } from '../desk/Desk';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';

/** /backoffice: the screens this operator's role opens, and the site they act on. */
export function HomeView() {
  const { href } = useRemote();
  return (
    <Desk area={null} title={d.brand}>
      {(operator) => (
        <div className={styles.panel}>
          <h2>
            <FormattedMessage {...d.home} values={{ name: operator.name }} />
          </h2>
          <p>
            <FormattedMessage {...d.homeIntro} values={{ site: operator.current_site.brand }} />
          </p>
          {operator.totp_required && !operator.totp ? (
            <p role="alert" className={styles.alert}>
              <FormattedMessage {...d.totpMissing} />
            </p>
          ) : null}
          <ul>
            {screensFor(operator.role).map((s) => (
              <li key={s.route}>
                <a href={href({ name: s.route })}>
                  <FormattedMessage {...s.label} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Desk>
  );
}
