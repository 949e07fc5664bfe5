import { useAtomValue } from 'jotai';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { useRemote, userAtom } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** The country whose prices apply: the member's own, else the one chosen or guessed from the IP. */
function priceCountry(memberCountry: string | null | undefined, selected: string | null, geoip: string | null): string | null {
  return (memberCountry || selected || geoip)?.toUpperCase() ?? null;
}

/** /pricing: what credits, messages and Premium cost. */
export function PricingView() {
  const { settings, href } = useRemote();
  const user = useAtomValue(userAtom);
  const { minimum_message_costs: costs, geoip_selected_country, geoip_country } = settings.settings;
  const country = priceCountry(user?.profile.country, geoip_selected_country, geoip_country);
  const messageCost = country ? (costs[country] ?? costs[country.toLowerCase()]) : undefined;
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="pricing.title" defaultMessage="Prices" />
      </h1>
      {messageCost && (
        <p className={ui.lead}>
          <FormattedMessage
            id="pricing.messageCost"
            defaultMessage="Sending a message costs at least {price}."
            values={{ price: <FormattedNumber value={messageCost.costs} style="currency" currency={messageCost.currency} /> }}
          />
        </p>
      )}
      <Notice>
        <FormattedMessage id="pricing.comingSoon" defaultMessage="Our prices for credits and Premium will be listed here soon." />
      </Notice>
      <p>
        <a href={href({ name: 'credits' })}>
          <FormattedMessage id="pricing.creditsLink" defaultMessage="Your credits" />
        </a>
      </p>
    </section>
  );
}
