import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { queryKeys, useRemote, useSetUser, type PaymentStatus, type TransactionResponse } from '@dating/shared';
import { QueryView, ui } from '@dating/shared/ui';
import { Price } from '../common/Price';
import css from '../common/commerce.module.css';

/** How often an open payment is asked about again. */
export const POLL_MS = 2000;

function StatusText({ status }: { status: PaymentStatus }) {
  switch (status) {
    case 'paid':
      return <FormattedMessage id="transaction.status.paid" defaultMessage="Paid" />;
    case 'failed':
      return <FormattedMessage id="transaction.status.failed" defaultMessage="Failed" />;
    case 'canceled':
      return <FormattedMessage id="transaction.status.canceled" defaultMessage="Canceled" />;
    case 'expired':
      return <FormattedMessage id="transaction.status.expired" defaultMessage="Expired" />;
    default:
      return <FormattedMessage id="transaction.status.open" defaultMessage="Waiting for your payment…" />;
  }
}

function Result({ t }: { t: TransactionResponse }) {
  const { href, api } = useRemote();
  const queryClient = useQueryClient();
  const setUser = useSetUser();
  // Once final, the page's member (balance, paid_user) and credits are fetched again.
  React.useEffect(() => {
    if (!t.final || !t.mine) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.credits() });
    void api.getUser().then((r) => setUser(r.user)).catch(() => undefined);
  }, [t.final, t.mine !== null]); // eslint-disable-line react-hooks/exhaustive-deps
  const back = t.mine?.return_to;
  return (
    <>
      <p className={ui.lead} role="status" aria-live="polite">
        <strong>
          <StatusText status={t.status} />
        </strong>
        {' · '}
        <Price cents={t.amount_cents} currency={t.currency} />
      </p>
      {!t.final && (
        <p>
          <FormattedMessage id="transaction.waiting" defaultMessage="This page updates by itself the moment the bank answers." />
        </p>
      )}
      {t.final && t.status !== 'paid' && (
        <p>
          <FormattedMessage id="transaction.nothingCharged" defaultMessage="Nothing was charged and your balance did not change." />
        </p>
      )}
      {t.final && t.status !== 'paid' && t.mine && (
        // A failed or canceled payment leads straight back to the choice of package and method.
        <p>
          <a className={ui.button} href={href({ name: t.kind === 'credits' ? 'credits' : 'premium' })}>
            <FormattedMessage id="transaction.tryAgain" defaultMessage="Try again or pay another way" />
          </a>
        </p>
      )}
      {t.mine && t.final && (
        <>
          {t.status === 'paid' && t.kind === 'credits' && (
            <p>
              <FormattedMessage
                id="transaction.added"
                defaultMessage="{credits, plural, one {# credit was added.} other {# credits were added.}}"
                values={{ credits: t.mine.credits + t.mine.bonus_credits }}
              />
            </p>
          )}
          {t.status === 'paid' && t.kind !== 'credits' && (
            <p>
              {t.mine.paid_user ? (
                <FormattedMessage id="transaction.premium" defaultMessage="You are a Premium member now." />
              ) : (
                <FormattedMessage id="transaction.premiumPending" defaultMessage="Your Premium membership is being activated." />
              )}
            </p>
          )}
          <p className={css.balance}>
            <FormattedMessage
              id="transaction.balance"
              defaultMessage="Your balance: {credits, plural, =0 {no credits} one {# credit} other {# credits}}"
              values={{ credits: t.mine.balance }}
            />
          </p>
          <p className={css.row}>
            {back && (
              <a className={ui.button} href={back}>
                <FormattedMessage id="transaction.backWhere" defaultMessage="Back to where you were" />
              </a>
            )}
            <a href={href({ name: 'credits' })}>
              <FormattedMessage id="transaction.toCredits" defaultMessage="Go to your credits" />
            </a>
          </p>
        </>
      )}
    </>
  );
}

/**
 * /transactions/:transactionId: where the provider sends the payer back. Public (the payer may
 * come back from a banking app in another browser): without the payer's session it shows only
 * status and amount. Live until the payment is final.
 */
export function TransactionView() {
  const { params, href, api } = useRemote();
  const id = params.transactionId ?? '';
  const transaction = useQuery({
    queryKey: ['api', 'transaction', id],
    queryFn: () => api.transaction(id),
    refetchInterval: (q) => (q.state.data?.final ? false : POLL_MS),
  });
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="transaction.heading" defaultMessage="Your payment" />
      </h1>
      <QueryView query={transaction}>{(t) => <Result t={t} />}</QueryView>
      <p>
        <FormattedMessage id="transaction.questions" defaultMessage="Questions about a payment?" />{' '}
        <a href={href({ name: 'pages-service' })}>
          <FormattedMessage id="transaction.service" defaultMessage="Contact customer service" />
        </a>
      </p>
    </section>
  );
}
