import { FormattedMessage } from 'react-intl';
import { useRemote, type PremiumPlan, type PricingResponse } from '@dating/shared';
import { ui } from '@dating/shared/ui';
import { Price } from './Price';
import css from './commerce.module.css';

/** Checkout ids: a package id, or `premium-<plan>` for a premium plan (1m, 3m, 12m). */
export const PREMIUM_PREFIX = 'premium-';

/** What Premium gives (documented in mf-commerce/README.md). */
export function PremiumBenefits() {
  return (
    <ul className={css.benefits}>
      <li>
        <FormattedMessage id="premium.benefit.noAds" defaultMessage="No webcam or partner ads between the profiles you search." />
      </li>
      <li>
        <FormattedMessage id="premium.benefit.photos" defaultMessage="See the photos members share with Premium members only." />
      </li>
      <li>
        <FormattedMessage id="premium.benefit.badge" defaultMessage="Your Premium status is shown on your credits page, and you can cancel at any time." />
      </li>
    </ul>
  );
}

/**
 * Premium's messaging benefit with this site's prices (pricing.php / credits.php): what a message
 * costs with Premium and without. Nothing is said when the site gives Premium no lower price.
 */
export function MessageBenefit({ prices }: { prices: Pick<PricingResponse, 'message_cost' | 'premium_message_cost' | 'currency'> }) {
  if (prices.premium_message_cost >= prices.message_cost) return null;
  return (
    <p className={css.messageBenefit}>
      <FormattedMessage
        id="premium.benefit.messages"
        defaultMessage="With Premium a message costs {premium} instead of {price}: chat more for the same credits."
        values={{
          premium: <Price cents={prices.premium_message_cost} currency={prices.currency} />,
          price: <Price cents={prices.message_cost} currency={prices.currency} />,
        }}
      />
    </p>
  );
}

/** The plans with their price and price per month; each leads to its checkout. */
export function PlanList({ plans, canSubscribe }: { plans: PremiumPlan[]; canSubscribe: boolean }) {
  const { href } = useRemote();
  return (
    <ul className={css.plans}>
      {plans.map((p) => (
        <li key={p.id} className={css.package} aria-labelledby={`plan-${p.id}`}>
          <p className={css.credits} id={`plan-${p.id}`}>
            <FormattedMessage id="plan.months" defaultMessage="{months, plural, one {# month} other {# months}}" values={{ months: p.months }} />
          </p>
          <p className={css.price}>
            <Price cents={p.amount_cents} currency={p.currency} />
          </p>
          {p.months > 1 && (
            <p>
              <FormattedMessage
                id="plan.perMonth"
                defaultMessage="{price} a month"
                values={{ price: <Price cents={Math.round(p.amount_cents / p.months)} currency={p.currency} /> }}
              />
            </p>
          )}
          {canSubscribe && (
            <a className={ui.button} href={href({ name: 'credits-creditId-paymentMethod', params: { creditId: `${PREMIUM_PREFIX}${p.id}` } })} aria-describedby={`plan-${p.id}`}>
              <FormattedMessage id="plan.choose" defaultMessage="Choose" />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
