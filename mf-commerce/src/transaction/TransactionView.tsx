import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /transactions/:transactionId: where a payment provider returns the member after paying. */
export function TransactionView() {
  const { params, href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage
          id="transaction.title"
          defaultMessage="Transaction #{transactionId}"
          values={{ transactionId: params.transactionId }}
        />
      </h1>
      <Notice>
        <FormattedMessage id="transaction.comingSoon" defaultMessage="The status of this payment will be shown here soon." />
      </Notice>
      <p>
        <FormattedMessage id="transaction.questions" defaultMessage="Questions about a payment?" />{' '}
        <a href={href({ name: 'pages-service' })}>
          <FormattedMessage id="transaction.service" defaultMessage="Contact customer service" />
        </a>
      </p>
    </section>
  );
}
