import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MESSAGE_MAX, TYPING_THROTTLE_MS, type MessageCost } from '@dating/shared';
import { ui } from '@dating/shared/ui';
import styles from '../chat.module.css';

/** Show the counter from this many characters on (and always when over the limit). */
const COUNTER_FROM = MESSAGE_MAX - 500;

/** Unsent text survives leaving the page (to buy credits, say) and coming back, per conversation. */
function draftStore(key: string) {
  const k = `mf-chat:draft:${key}`;
  const storage = () => {
    try {
      return typeof sessionStorage === 'undefined' ? null : sessionStorage;
    } catch {
      return null;
    }
  };
  return {
    get: () => storage()?.getItem(k) ?? '',
    set: (text: string) => {
      if (text) storage()?.setItem(k, text);
      else storage()?.removeItem(k);
    },
  };
}

export interface ComposerProps {
  draftKey: string;
  /** Resolves 'insufficient' when the credits did not cover it: the text stays. */
  onSend(text: string): Promise<'sent' | 'insufficient' | 'quota' | 'failed'>;
  onTyping?(): void;
  /** The price of a message and the balance (kept current by every send). */
  cost: MessageCost | null;
  /** Where to buy credits (returns here afterwards). */
  creditsHref: string;
  /** Show the price line (before the first message). */
  showPrice: boolean;
  refused: boolean;
  /** The last send was a first message beyond the day's quota of new conversations. */
  overQuota?: boolean;
  disabled?: boolean;
}

/**
 * Multi-line; Enter sends, Shift+Enter is a new line; a counter near the limit; send is disabled
 * while empty or over the limit, and when the balance does not cover a message (then a button
 * leads to the credits page and back, the text kept).
 */
export function Composer({ draftKey, onSend, onTyping, cost, creditsHref, showPrice, refused, overQuota, disabled }: ComposerProps) {
  const intl = useIntl();
  const drafts = React.useMemo(() => draftStore(draftKey), [draftKey]);
  const [text, setText] = React.useState(() => drafts.get());
  const lastTyping = React.useRef(0);
  const id = React.useId();

  const change = (value: string) => {
    setText(value);
    drafts.set(value);
    const now = Date.now();
    if (value.trim() && onTyping && now - lastTyping.current > TYPING_THROTTLE_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };

  const credits = cost?.balance ?? null;
  const short = cost !== null && credits !== null && credits < cost.credits_per_message;
  const length = text.length;
  const over = length > MESSAGE_MAX;
  const empty = text.trim() === '';
  const canSend = !empty && !over && !short && !disabled;

  const submit = async () => {
    if (!canSend) return;
    const sending = text.trim();
    setText('');
    drafts.set('');
    lastTyping.current = 0;
    const result = await onSend(sending);
    if (result === 'insufficient' || result === 'quota') {
      // Nothing was sent: the text comes back, unless the member typed something new meanwhile.
      setText((current) => current || sending);
      drafts.set(sending);
    }
  };

  const price =
    cost &&
    intl.formatMessage(
      { id: 'composer.price', defaultMessage: 'A message costs {credits, plural, one {# credit} other {# credits}} ({amount}).' },
      {
        credits: cost.credits_per_message,
        amount: intl.formatNumber(cost.price.amount, { style: 'currency', currency: cost.price.currency }),
      },
    );

  return (
    <form
      className={styles.composer}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {(short || refused) && cost && (
        <div className={ui.alert} role="alert">
          <p>
            <FormattedMessage
              id="composer.insufficient"
              defaultMessage="You do not have enough credits to send a message. {price} Your balance: {balance, plural, one {# credit} other {# credits}}."
              values={{ price, balance: credits ?? 0 }}
            />
          </p>
          <a className={ui.button} href={creditsHref}>
            <FormattedMessage id="composer.buyCredits" defaultMessage="Buy credits" />
          </a>
        </div>
      )}
      {overQuota && (
        <div className={ui.alert} role="alert">
          <p>
            <FormattedMessage
              id="composer.firstMessageQuota"
              defaultMessage="You have started as many new conversations as you can today. Try again tomorrow, or write in a conversation you already have."
            />
          </p>
        </div>
      )}
      <label htmlFor={id} className={styles.rowMeta}>
        <FormattedMessage id="composer.label" defaultMessage="Your message" />
      </label>
      <div className={styles.composerRow}>
        <textarea
          id={id}
          className={styles.textarea}
          value={text}
          rows={2}
          aria-describedby={`${id}-info`}
          aria-invalid={over || undefined}
          placeholder={intl.formatMessage({ id: 'composer.placeholder', defaultMessage: 'Write a message…' })}
          onChange={(e) => change(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <button type="submit" className={ui.button} disabled={!canSend}>
          <FormattedMessage id="composer.send" defaultMessage="Send" />
        </button>
      </div>
      <div className={styles.composerInfo} id={`${id}-info`}>
        <span>
          {showPrice && price && !short && (
            <>
              {price}{' '}
              <FormattedMessage
                id="composer.balance"
                defaultMessage="Your balance: {balance, plural, one {# credit} other {# credits}}."
                values={{ balance: credits ?? 0 }}
              />
            </>
          )}
        </span>
        {(length >= COUNTER_FROM || over) && (
          <span className={over ? styles.over : undefined} aria-live="polite">
            <FormattedMessage
              id="composer.counter"
              defaultMessage="{length} / {max}"
              values={{ length: intl.formatNumber(length), max: intl.formatNumber(MESSAGE_MAX) }}
            />
          </span>
        )}
      </div>
    </form>
  );
}
