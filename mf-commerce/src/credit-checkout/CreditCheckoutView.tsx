import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, queryKeys, useRemote, type CreditsResponse, type DiscountCode, type PaymentMethod, type PlanId } from '@dating/shared';
import { FieldError, QueryView, shownError, ui, useZodForm } from '@dating/shared/ui';
import { useIdempotencyKeys } from '../common/idempotency';
import { MethodLogo, useMethodName } from '../common/methods';
import { Price } from '../common/Price';
import { PREMIUM_PREFIX } from '../common/plans';
import { useCredits, useWelcomeCode } from '../common/queries';
import css from '../common/commerce.module.css';

/** Where to send the browser: the provider's payment page (a full page load, another origin). */
export const redirectTo = { assign: (url: string) => window.location.assign(url) };

interface Item {
  kind: 'credits' | 'premium';
  id: string;
  amount_cents: number;
  currency: string;
  credits?: number;
  months?: number;
}

function findItem(data: CreditsResponse, creditId: string): Item | null {
  if (creditId.startsWith(PREMIUM_PREFIX)) {
    const plan = data.plans.find((p) => p.id === creditId.slice(PREMIUM_PREFIX.length));
    return plan ? { kind: 'premium', id: plan.id, amount_cents: plan.amount_cents, currency: plan.currency, months: plan.months } : null;
  }
  const pkg = data.packages.find((p) => p.id === creditId);
  return pkg ? { kind: 'credits', id: pkg.id, amount_cents: pkg.amount_cents, currency: pkg.currency, credits: pkg.credits } : null;
}

function Checkout({ item, data }: { item: Item; data: CreditsResponse }) {
  const { api, params, query, href, navigate } = useRemote();
  const intl = useIntl();
  const methodName = useMethodName();
  const queryClient = useQueryClient();
  const welcome = useWelcomeCode(item.kind === 'credits');
  const methods = useQuery({
    queryKey: ['api', 'payment-methods', item.kind, item.id],
    queryFn: () => api.paymentMethods(item.kind === 'premium' ? { plan: item.id as PlanId } : { package: item.id }),
  });
  // react-hook-form on the contract's CheckoutFormSchema: the method and the withdrawal consent.
  const form = useZodForm((c) => c.CheckoutFormSchema, {
    defaultValues: { method: (params.paymentMethod as PaymentMethod) || undefined, consent: undefined },
  });
  const method = form.watch('method');
  // null: the member has not typed a code; the welcome code (or ?code=) applies by itself.
  const [codeInput, setCodeInput] = React.useState<string | null>(query.code ?? null);
  // undefined: no code applied by hand yet.
  const [applied, setApplied] = React.useState<DiscountCode | null | undefined>(undefined);
  const w = welcome.data ?? null;
  const autoWelcome = w && (codeInput === null || codeInput.trim().toUpperCase() === w.code) ? w : null;
  const discount = applied === undefined ? autoWelcome : applied;
  const shownCode = codeInput ?? w?.code ?? '';
  const setDiscount = setApplied;
  // The code typed by hand, checked by the API (the welcome code needs no check).
  const check = useMutation({
    mutationFn: async (code: string) => (await api.discountCode({ code })).discount,
    onSuccess: (found) => setDiscount(found),
    onError: () => setDiscount(null),
  });
  // Other discount errors surface (spec §8).
  const codeError = check.error
    ? intl.formatMessage(
        { id: 'checkout.codeFailed', defaultMessage: 'The code could not be checked: {reason}' },
        { reason: check.error instanceof Error ? check.error.message : String(check.error) },
      )
    : check.isSuccess && !check.data
      ? intl.formatMessage({ id: 'checkout.codeInvalid', defaultMessage: 'This code is not valid (any more).' })
      : null;

  const offered = methods.data?.methods ?? [];
  const chosen = method && offered.some((m) => m.id === method) ? method : (offered[0]?.id ?? null);
  // The route's method when offered, else the first the provider offers for this country.
  React.useEffect(() => {
    if (chosen && chosen !== method) form.setValue('method', chosen, { shouldValidate: true });
  }, [chosen, method, form]);
  const amount = discount?.percentage ? Math.round((item.amount_cents * (100 - discount.percentage)) / 100) : item.amount_cents;

  const applyCode = () => {
    const code = shownCode.trim();
    check.reset();
    if (!code) setDiscount(null);
    else if (w && code.toUpperCase() === w.code) setDiscount(w);
    else check.mutate(code);
  };

  const keyFor = useIdempotencyKeys();
  const pay = useMutation({
    mutationFn: (values: { method: PaymentMethod }) => {
      const req =
        item.kind === 'premium'
          ? {
              kind: 'premium' as const,
              plan_id: item.id as PlanId,
              method: values.method,
              expected_amount_cents: amount,
              price_version: data.price_version,
              consent: true as const,
              return_to: query.next,
            }
          : {
              kind: 'credits' as const,
              package_id: item.id,
              method: values.method,
              expected_amount_cents: amount,
              // The prices this page showed: paid at them even when an operator changes them meanwhile.
              price_version: data.price_version,
              consent: true as const,
              return_to: query.next,
              ...(discount ? { discount_code: discount.code } : {}),
            };
      // One key per request of this form: a double click or a retry is answered once.
      return api.createPayment({ ...req, idempotency_key: keyFor(req) });
    },
    onSuccess: (res) => {
      if (res.checkout_url) redirectTo.assign(res.checkout_url);
      else navigate({ name: 'transactions-transactionId', params: { transactionId: res.transaction_id } });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'price_changed') void queryClient.invalidateQueries({ queryKey: queryKeys.credits() });
      if (err instanceof ApiError && err.field === 'discount_code') setDiscount(null);
    },
  });

  const consentError = shownError(form, 'consent');

  return (
    <form onSubmit={form.handleSubmit((values) => pay.mutateAsync(values).catch(() => undefined))} noValidate>
      <p className={ui.lead}>
        {item.kind === 'premium' ? (
          <FormattedMessage id="checkout.premiumItem" defaultMessage="Premium for {months, plural, one {# month} other {# months}}" values={{ months: item.months }} />
        ) : (
          <FormattedMessage id="package.credits" defaultMessage="{credits, plural, one {# credit} other {# credits}}" values={{ credits: item.credits }} />
        )}
        {' · '}
        {amount !== item.amount_cents && (
          <s className={css.was}>
            <Price cents={item.amount_cents} currency={item.currency} />
          </s>
        )}
        <strong>
          <Price cents={amount} currency={item.currency} />
        </strong>
      </p>
      {item.kind === 'premium' && (
        <p>
          <FormattedMessage id="checkout.premiumRenews" defaultMessage="Renews automatically at the same price until you cancel; cancel any time on the Premium page." />
        </p>
      )}
      {item.kind === 'credits' && data.time_bonus && (
        <p className={css.bonus}>
          <FormattedMessage
            id="checkout.bonus"
            defaultMessage="Including your bonus: {credits, plural, one {# extra credit} other {# extra credits}}."
            values={{ credits: Math.round(((item.credits ?? 0) * data.time_bonus.percent) / 100) }}
          />
        </p>
      )}
      {item.kind === 'credits' && (
        <div className={css.field}>
          <label htmlFor="discount-code">
            <FormattedMessage id="checkout.code" defaultMessage="Discount code" />
          </label>
          <div className={css.row}>
            <input
              id="discount-code"
              value={shownCode}
              maxLength={40}
              autoComplete="off"
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? 'discount-code-error' : undefined}
              onChange={(e) => setCodeInput(e.target.value)}
            />
            <button type="button" className={css.secondary} onClick={applyCode} disabled={check.isPending}>
              <FormattedMessage id="checkout.applyCode" defaultMessage="Apply" />
            </button>
          </div>
          {codeError && (
            <p id="discount-code-error" role="alert" className={css.error}>
              {codeError}
            </p>
          )}
          {discount && !codeError && (
            <p role="status">
              {discount.percentage ? (
                <FormattedMessage id="checkout.codeApplied" defaultMessage="{code}: {percent}% off." values={{ code: discount.code, percent: discount.percentage }} />
              ) : (
                <FormattedMessage
                  id="checkout.codeExtra"
                  defaultMessage="{code}: {credits, plural, one {# extra credit} other {# extra credits}}."
                  values={{ code: discount.code, credits: discount.extra_credits ?? 0 }}
                />
              )}
            </p>
          )}
        </div>
      )}
      <QueryView
        query={methods}
        isEmpty={(d) => d.methods.length === 0}
        empty={<FormattedMessage id="checkout.noMethods" defaultMessage="No payment method is available for your country right now." />}
      >
        {(d) => (
          <fieldset className={css.methods}>
            <legend>
              <FormattedMessage id="checkout.method" defaultMessage="Pay with" />
            </legend>
            {d.methods.map((m) => (
              <label key={m.id} className={css.method}>
                <input type="radio" value={m.id} {...form.register('method')} />
                <MethodLogo id={m.id} />
                <span>{methodName(m.id)}</span>
              </label>
            ))}
          </fieldset>
        )}
      </QueryView>
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
          />{' '}
          <a href={href({ name: 'pages-return-policy' })}>
            <FormattedMessage id="checkout.returnPolicy" defaultMessage="Return policy" />
          </a>
        </label>
      </div>
      <FieldError id="consent-error" error={consentError} />
      {pay.isError && (
        <p role="alert" className={ui.alert}>
          <PayError error={pay.error} />
        </p>
      )}
      <button type="submit" className={ui.button} disabled={!chosen || !form.formState.isValid || form.formState.isSubmitting || pay.isSuccess}>
        <FormattedMessage id="checkout.pay" defaultMessage="Pay {price}" values={{ price: <Price cents={amount} currency={item.currency} /> }} />
      </button>
    </form>
  );
}

/** Why a payment could not be started, in the member's language where the API names the reason. */
function PayError({ error }: { error: Error }) {
  const code = error instanceof ApiError ? error.code : null;
  switch (code) {
    case 'price_changed':
      return <FormattedMessage id="checkout.priceChanged" defaultMessage="The price has changed. Check the new price and pay again." />;
    case 'discount_reserved':
      return (
        <FormattedMessage
          id="checkout.discountReserved"
          defaultMessage="This discount code is already in a payment you started and have not finished. Finish or cancel that payment, or pay without the code."
        />
      );
    case 'discount_used':
      return <FormattedMessage id="checkout.discountUsed" defaultMessage="You have used this discount code already." />;
    case 'premium_pending':
      return (
        <FormattedMessage
          id="checkout.premiumPending"
          defaultMessage="You have already started a Premium payment. Finish or cancel it first; an unfinished payment expires after 15 minutes."
        />
      );
    case 'already_premium':
      return <FormattedMessage id="checkout.alreadyPremium" defaultMessage="You have Premium already." />;
    case 'payment_in_progress':
      return <FormattedMessage id="checkout.inProgress" defaultMessage="This payment is still being started. Wait a moment, then look at your credits." />;
    case 'idempotency_key_reused':
      return <FormattedMessage id="checkout.reload" defaultMessage="This form was used for another payment already. Reload the page and try again." />;
    default:
      return <FormattedMessage id="checkout.failed" defaultMessage="The payment could not be started: {reason}" values={{ reason: error.message }} />;
  }
}

/** /credits/:creditId/:paymentMethod?: package (or premium plan), method, consent, pay at the provider. */
export function CreditCheckoutView() {
  const { params, href } = useRemote();
  const credits = useCredits();
  const creditId = params.creditId ?? '';
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="checkout.title" defaultMessage="Checkout" />
      </h1>
      <QueryView query={credits}>
        {(data) => {
          const item = findItem(data, creditId);
          return item ? (
            <Checkout item={item} data={data} />
          ) : (
            <p className={ui.empty}>
              <FormattedMessage id="checkout.unknown" defaultMessage="This package is not offered (any more)." />
            </p>
          );
        }}
      </QueryView>
      <p>
        <a href={href({ name: 'credits' })}>
          <FormattedMessage id="checkout.back" defaultMessage="Back to credits" />
        </a>
      </p>
    </section>
  );
}
