import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /activate/error: where an activation link lands when it could not be used. */
export function ActivateErrorView() {
  const { href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="activateError.title" defaultMessage="Your account could not be activated" />
      </h1>
      <Notice>
        <FormattedMessage
          id="activateError.body"
          defaultMessage="This activation link is not valid, or it has already been used. If you need help, please contact customer service."
        />
      </Notice>
      <ul className={ui.links}>
        <li>
          <a href={href({ name: 'login' })}>
            <FormattedMessage id="activateError.login" defaultMessage="Log in" />
          </a>
        </li>
        <li>
          <a href={href({ name: 'pages-service' })}>
            <FormattedMessage id="activateError.service" defaultMessage="Contact customer service" />
          </a>
        </li>
      </ul>
    </section>
  );
}
