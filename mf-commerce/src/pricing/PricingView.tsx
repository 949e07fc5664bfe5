import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useRemote, userAtom } from '@dating/shared';
import { QueryView, ui } from '@dating/shared/ui';
import { PackageCard } from '../credits/CreditsView';
import { PlanList, PremiumBenefits } from '../common/plans';
import { Price } from '../common/Price';
import css from '../common/commerce.module.css';

/** /pricing: the message price, the credit packages and the Premium plans of the visitor's country. */
export function PricingView() {
  const { api, settings, href } = useRemote();
  const user = useAtomValue(userAtom);
  // Members pay in their own country (the server knows it); visitors see the country guessed or chosen.
  const country = user ? undefined : (settings.settings.geoip_selected_country ?? settings.settings.geoip_country ?? undefined);
  const pricing = useQuery({
    queryKey: ['api', 'pricing', user?.profile.id ?? 0, country ?? ''],
    queryFn: () => api.pricing(country ?? undefined),
    enabled: user !== undefined,
  });
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="pricing.title" defaultMessage="Prices" />
      </h1>
      <QueryView query={pricing} isEmpty={(d) => !d.packages.length && !d.plans.length} empty={<FormattedMessage id="pricing.none" defaultMessage="Nothing is sold in your country yet." />}>
        {(d) => (
          <>
            <p className={ui.lead}>
              <FormattedMessage
                id="pricing.messageCost"
                defaultMessage="Sending a message costs {price}."
                values={{ price: <Price cents={d.message_cost} currency={d.currency} /> }}
              />
            </p>
            <h2>
              <FormattedMessage id="credits.packages" defaultMessage="Buy credits" />
            </h2>
            <ul className={css.packages}>
              {d.packages.map((p) => (
                <PackageCard key={p.id} pkg={p} />
              ))}
            </ul>
            <h2>
              <FormattedMessage id="pricing.premium" defaultMessage="Premium" />
            </h2>
            <PremiumBenefits />
            <PlanList plans={d.plans} canSubscribe={Boolean(user)} />
            <p>
              <a href={href({ name: 'premium' })}>
                <FormattedMessage id="premium.pricingLink" defaultMessage="More about Premium" />
              </a>
            </p>
          </>
        )}
      </QueryView>
    </section>
  );
}
