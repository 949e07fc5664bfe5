import { FormattedNumber } from 'react-intl';

/** An amount in cents, in its currency, formatted for the member's locale. */
export function Price({ cents, currency }: { cents: number; currency: string }) {
  return <FormattedNumber value={cents / 100} style="currency" currency={currency} />;
}
