import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /credits/:creditId/:paymentMethod?: paying for one credit package. */
export function CreditCheckoutView() {
  const { params, href } = useRemote();
  const { creditId, paymentMethod } = params;
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="checkout.title" defaultMessage="Credit package #{creditId}" values={{ creditId }} />
      </h1>
      <p className={ui.lead}>
        {paymentMethod ? (
          <FormattedMessage
            id="checkout.paymentMethod"
            defaultMessage="Payment method: {method}"
            values={{ method: <strong>{paymentMethod}</strong> }}
          />
        ) : (
          <FormattedMessage id="checkout.noPaymentMethod" defaultMessage="No payment method chosen yet." />
        )}
      </p>
      <Notice>
        <FormattedMessage id="checkout.comingSoon" defaultMessage="Paying for credits will be possible here soon." />
      </Notice>
      <p>
        <a href={href({ name: 'credits' })}>
          <FormattedMessage id="checkout.back" defaultMessage="Back to credits" />
        </a>
      </p>
    </section>
  );
}
