import { FormattedDate, FormattedMessage, FormattedNumber } from 'react-intl';
import { useRemote, type CreditPackage, type CreditsResponse, type LedgerEntry } from '@dating/shared';
import { QueryView, ui } from '@dating/shared/ui';
import { Countdown } from '../common/Countdown';
import { Price } from '../common/Price';
import { useCredits, useWelcomeCode } from '../common/queries';
import css from '../common/commerce.module.css';

/** A package card: credits, badge, price (lowered by a percentage code when given), buy link. */
export function PackageCard({ pkg, percentOff, next, code }: { pkg: CreditPackage; percentOff?: number | null; next?: string; code?: string }) {
  const { href } = useRemote();
  const discounted = percentOff ? Math.round((pkg.amount_cents * (100 - percentOff)) / 100) : null;
  return (
    <li className={css.package} data-badge={pkg.badge ?? undefined} aria-labelledby={`pkg-${pkg.id}`}>
      {pkg.badge && (
        <span className={css.badge}>
          {pkg.badge === 'best_value' ? (
            <FormattedMessage id="package.badge.best_value" defaultMessage="Best value" />
          ) : (
            <FormattedMessage id="package.badge.most_chosen" defaultMessage="Most chosen" />
          )}
        </span>
      )}
      <p className={css.credits} id={`pkg-${pkg.id}`}>
        <FormattedMessage id="package.credits" defaultMessage="{credits, plural, one {# credit} other {# credits}}" values={{ credits: pkg.credits }} />
      </p>
      <p className={css.price}>
        {discounted !== null && (
          <s className={css.was}>
            <Price cents={pkg.amount_cents} currency={pkg.currency} />
          </s>
        )}
        <Price cents={discounted ?? pkg.amount_cents} currency={pkg.currency} />
      </p>
      <a
        className={ui.button}
        href={href({ name: 'credits-creditId-paymentMethod', params: { creditId: pkg.id }, query: { next, code } })}
        aria-describedby={`pkg-${pkg.id}`}
      >
        <FormattedMessage id="package.buy" defaultMessage="Buy" />
      </a>
    </li>
  );
}

function LedgerKind({ kind }: { kind: LedgerEntry['kind'] }) {
  switch (kind) {
    case 'purchase':
      return <FormattedMessage id="history.purchase" defaultMessage="Purchase" />;
    case 'message':
      return <FormattedMessage id="history.message" defaultMessage="Message sent" />;
    case 'refund':
      return <FormattedMessage id="history.refund" defaultMessage="Refund" />;
    case 'bonus':
      return <FormattedMessage id="history.bonus" defaultMessage="Bonus" />;
    case 'opening':
      return <FormattedMessage id="history.opening" defaultMessage="Starting balance" />;
    default:
      return <FormattedMessage id="history.correction" defaultMessage="Correction" />;
  }
}

function History({ entries }: { entries: LedgerEntry[] }) {
  if (!entries.length) {
    return (
      <p className={ui.empty}>
        <FormattedMessage id="history.empty" defaultMessage="No purchases or spends yet." />
      </p>
    );
  }
  return (
    <table className={css.history}>
      <thead>
        <tr>
          <th scope="col"><FormattedMessage id="history.date" defaultMessage="Date" /></th>
          <th scope="col"><FormattedMessage id="history.what" defaultMessage="What" /></th>
          <th scope="col"><FormattedMessage id="history.amount" defaultMessage="Credits" /></th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td><FormattedDate value={e.created_at} dateStyle="medium" timeStyle="short" /></td>
            <td><LedgerKind kind={e.kind} /></td>
            <td className={e.amount < 0 ? css.minus : css.plus}>
              <FormattedNumber value={e.amount} signDisplay="always" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CreditsPage({ data }: { data: CreditsResponse }) {
  const { href, query } = useRemote();
  const welcome = useWelcomeCode();
  const code = welcome.data ?? null;
  return (
    <>
      <p className={`${css.balance} ${data.balance < 0 ? css.negative : ''}`}>
        <FormattedMessage
          id="credits.balance"
          defaultMessage="You have {credits, plural, =0 {no credits} one {# credit} other {# credits}}."
          values={{ credits: data.balance }}
        />
      </p>
      <p>
        <FormattedMessage
          id="credits.messageCost"
          defaultMessage="A message costs {cost, plural, one {# credit} other {# credits}} ({price})."
          values={{ cost: data.message_cost, price: <Price cents={data.message_cost} currency={data.currency} /> }}
        />
      </p>
      {data.balance < 0 && (
        <p role="alert" className={ui.alert}>
          <FormattedMessage id="credits.negative" defaultMessage="Your balance is below zero after a refund or chargeback: top it up to send messages again." />
        </p>
      )}
      {data.time_bonus && (
        <p className={css.bonus}>
          <FormattedMessage
            id="bonus.offer"
            defaultMessage="Welcome bonus: {percent}% extra credits on every package you buy now."
            values={{ percent: data.time_bonus.percent }}
          />{' '}
          <Countdown endsAt={data.time_bonus.ends_at} />
        </p>
      )}
      {code && (
        <p className={css.bonus}>
          {code.percentage ? (
            <FormattedMessage
              id="welcome.percentage"
              defaultMessage="Your welcome code {code}: {percent}% off your first package."
              values={{ code: <strong>{code.code}</strong>, percent: code.percentage }}
            />
          ) : (
            <FormattedMessage
              id="welcome.extra"
              defaultMessage="Your welcome code {code}: {credits, plural, one {# extra credit} other {# extra credits}} with your first package."
              values={{ code: <strong>{code.code}</strong>, credits: code.extra_credits ?? 0 }}
            />
          )}
        </p>
      )}
      <h2>
        <FormattedMessage id="credits.packages" defaultMessage="Buy credits" />
      </h2>
      {data.packages.length ? (
        <ul className={css.packages}>
          {data.packages.map((p) => (
            <PackageCard key={p.id} pkg={p} percentOff={code?.percentage} code={code?.code} next={query.next} />
          ))}
        </ul>
      ) : (
        <p className={ui.empty}>
          <FormattedMessage id="credits.noPackages" defaultMessage="There are no credit packages for your country yet." />
        </p>
      )}
      {data.repeat && (
        <p>
          <a href={href({ name: 'credits-repeat-order', query: { next: query.next } })}>
            <FormattedMessage
              id="credits.repeatLink"
              defaultMessage="Buy {credits, plural, one {# credit} other {# credits}} again in one step"
              values={{ credits: data.repeat.package.credits }}
            />
          </a>
        </p>
      )}
      <p>
        <a href={href({ name: 'premium' })}>
          {data.premium.paid_user ? (
            <FormattedMessage id="credits.premiumActive" defaultMessage="Your Premium membership" />
          ) : (
            <FormattedMessage id="credits.premiumLink" defaultMessage="Go Premium" />
          )}
        </a>
      </p>
      <h2>
        <FormattedMessage id="history.title" defaultMessage="History" />
      </h2>
      <History entries={data.history} />
    </>
  );
}

/** /credits: balance, packages with badges, welcome code and time bonus, history of purchases and spends. */
export function CreditsView() {
  const credits = useCredits();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="credits.title" defaultMessage="Credits" />
      </h1>
      <QueryView query={credits}>{(data) => <CreditsPage data={data} />}</QueryView>
    </section>
  );
}
