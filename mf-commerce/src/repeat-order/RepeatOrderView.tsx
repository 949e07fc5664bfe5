import { useMutation } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useRemote, type CreditsResponse } from '@dating/shared';
import { FieldError, QueryView, shownError, ui, useZodForm } from '@dating/shared/ui';
import { useIdempotencyKeys } from '../common/idempotency';
import { useMethodName } from '../common/methods';
import { Price } from '../common/Price';
import { useCredits } from '../common/queries';
import css from '../common/commerce.module.css';

function Confirm({ repeat }: { repeat: NonNullable<CreditsResponse['repeat']> }) {
  const { api, navigate, query } = useRemote();
  const methodName = useMethodName();
  const form = useZodForm((c) => c.ConsentFormSchema, { defaultValues: { consent: undefined } });
  const consentError = shownError(form, 'consent');
  const keyFor = useIdempotencyKeys();
  const values = { credits: repeat.package.credits, price: <Price cents={repeat.package.amount_cents} currency={repeat.package.currency} /> };
  const order = useMutation({
    mutationFn: () => {
      const req = { expected_amount_cents: repeat.package.amount_cents, consent: true as const, return_to: query.next };
      return api.repeatOrder({ ...req, idempotency_key: keyFor(req) });
    },
    onSuccess: (res) => navigate({ name: 'transactions-transactionId', params: { transactionId: res.transaction_id } }),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(() => order.mutateAsync().catch(() => undefined))}>
      <p className={ui.lead}>
        {/* What will happen, truthfully: a mandate from an iDEAL or Bancontact payment is a SEPA
            direct debit from that bank account, not the method paid with last time. */}
        {repeat.method === 'directdebit' ? (
          <FormattedMessage
            id="repeatOrder.summaryDirectDebit"
            defaultMessage="{credits, plural, one {# credit} other {# credits}} for {price}. The amount is collected by direct debit from the bank account you paid from last time; there is nothing to confirm in your banking app."
            values={values}
          />
        ) : repeat.method === 'creditcard' ? (
          <FormattedMessage id="repeatOrder.summaryCard" defaultMessage="{credits, plural, one {# credit} other {# credits}} for {price}, charged to the card you used last time." values={values} />
        ) : (
          <FormattedMessage
            id="repeatOrder.summary"
            defaultMessage="{credits, plural, one {# credit} other {# credits}} for {price}, paid with {method} like last time."
            values={{ ...values, method: methodName(repeat.method) }}
          />
        )}
      </p>
      <div className={css.consent}>
        <input
          id="consent"
          type="checkbox"
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? 'consent-error' : undefined}
          {...form.register('consent')}
        />
        <label htmlFor="consent">
          <FormattedMessage
            id="checkout.consent"
            defaultMessage="I want delivery to start right away and I know that I lose my 14-day right of withdrawal once the credits or Premium are delivered."
          />
        </label>
      </div>
      <FieldError id="consent-error" error={consentError} />
      {order.isError && (
        <p role="alert" className={ui.alert}>
          <FormattedMessage id="checkout.failed" defaultMessage="The payment could not be started: {reason}" values={{ reason: order.error.message }} />
        </p>
      )}
      <button type="submit" className={ui.button} disabled={!form.formState.isValid || form.formState.isSubmitting || order.isSuccess}>
        <FormattedMessage
          id="repeatOrder.confirm"
          defaultMessage="Buy now for {price}"
          values={{ price: <Price cents={repeat.package.amount_cents} currency={repeat.package.currency} /> }}
        />
      </button>
    </form>
  );
}

/** /credits/repeat-order: the last package again through the stored mandate, after confirmation. */
export function RepeatOrderView() {
  const { href } = useRemote();
  const credits = useCredits();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="repeatOrder.title" defaultMessage="Repeat your last order" />
      </h1>
      <QueryView
        query={credits}
        isEmpty={(d) => !d.repeat}
        empty={
          <FormattedMessage id="repeatOrder.none" defaultMessage="There is no earlier purchase to repeat yet. Buy a package first: next time it takes one step." />
        }
      >
        {(d) => <Confirm repeat={d.repeat!} />}
      </QueryView>
      <p>
        <a href={href({ name: 'credits' })}>
          <FormattedMessage id="repeatOrder.back" defaultMessage="Back to credits" />
        </a>
      </p>
    </section>
  );
}
