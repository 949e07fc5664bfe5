import { useIntl } from 'react-intl';
import type { PaymentMethod } from '@dating/shared';

/** Brand names stay as they are in every language; only "card" is translated. */
const BRAND_NAMES: Partial<Record<PaymentMethod | 'directdebit', string>> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  przelewy24: 'Przelewy24',
  eps: 'EPS',
  paypal: 'PayPal',
};

/** The localized name of a payment method (or of a mandate's method). */
export function useMethodName(): (id: string) => string {
  const intl = useIntl();
  return (id) => {
    const brand = BRAND_NAMES[id as PaymentMethod];
    if (brand) return brand;
    if (id === 'creditcard') return intl.formatMessage({ id: 'method.creditcard', defaultMessage: 'Credit or debit card' });
    if (id === 'directdebit') return intl.formatMessage({ id: 'method.directdebit', defaultMessage: 'Direct debit' });
    return id;
  };
}

/** Logos drawn here (no external assets): simple marks in each method's colours. Decorative. */
export function MethodLogo({ id }: { id: string }) {
  const common = { width: 48, height: 32, viewBox: '0 0 48 32', 'aria-hidden': true, focusable: false } as const;
  switch (id) {
    case 'ideal':
      return (
        <svg {...common}>
          <rect x="1" y="1" width="46" height="30" rx="4" fill="#fff" stroke="#cc0066" strokeWidth="2" />
          <rect x="9" y="12" width="4" height="12" fill="#000" />
          <circle cx="11" cy="8" r="2.5" fill="#000" />
          <path d="M17 6h7c6 0 9 4 9 10s-3 10-9 10h-7z" fill="#cc0066" />
          <text x="24" y="20" fontSize="7" fontWeight="700" fill="#fff" fontFamily="sans-serif" textAnchor="middle">iD</text>
        </svg>
      );
    case 'bancontact':
      return (
        <svg {...common}>
          <rect x="1" y="1" width="46" height="30" rx="4" fill="#fff" stroke="#1e3764" strokeWidth="2" />
          <path d="M6 20h14l6-8h16l-6 8H22" fill="none" stroke="#1e3764" strokeWidth="3" />
          <path d="M6 20l6-8h12" fill="none" stroke="#005498" strokeWidth="3" />
          <path d="M26 12h16" stroke="#ffd800" strokeWidth="3" />
        </svg>
      );
    case 'przelewy24':
      return (
        <svg {...common}>
          <rect x="1" y="1" width="46" height="30" rx="4" fill="#fff" stroke="#d13239" strokeWidth="2" />
          <text x="8" y="21" fontSize="11" fontWeight="700" fill="#d13239" fontFamily="sans-serif">P</text>
          <text x="17" y="21" fontSize="11" fontWeight="700" fill="#b3b3b3" fontFamily="sans-serif">24</text>
        </svg>
      );
    case 'eps':
      return (
        <svg {...common}>
          <rect x="1" y="1" width="46" height="30" rx="4" fill="#fff" stroke="#c8036f" strokeWidth="2" />
          <circle cx="14" cy="16" r="7" fill="none" stroke="#c8036f" strokeWidth="3" />
          <text x="24" y="21" fontSize="11" fontWeight="700" fill="#71706f" fontFamily="sans-serif">eps</text>
        </svg>
      );
    case 'paypal':
      return (
        <svg {...common}>
          <rect x="1" y="1" width="46" height="30" rx="4" fill="#fff" stroke="#003087" strokeWidth="2" />
          <path d="M17 25l3-18h7c4 0 6 2 5 5-1 4-4 5-7 5h-3l-1 8z" fill="#003087" />
          <path d="M21 27l3-17h6c3 0 5 2 4 5-1 3-3 5-6 5h-3l-1 7z" fill="#009cde" opacity=".85" />
        </svg>
      );
    case 'creditcard':
    default:
      return (
        <svg {...common}>
          <rect x="1" y="3" width="46" height="26" rx="4" fill="#3a4a5c" />
          <rect x="1" y="8" width="46" height="5" fill="#1b2631" />
          <rect x="6" y="18" width="10" height="7" rx="1.5" fill="#e6c36a" />
          <rect x="20" y="21" width="20" height="2.5" rx="1" fill="#c9d2dc" />
        </svg>
      );
  }
}
