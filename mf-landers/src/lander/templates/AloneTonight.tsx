import * as React from 'react';
import { useIntl } from 'react-intl';
import { ABOVE_THE_FOLD, MemberTile } from '../../common/MemberTile';
import { SignupBox } from '../../common/SignupBox';
import { m } from '../messages';
import type { TemplateProps } from './types';
import styles from './AloneTonight.module.css';

/** alonetonight: urgency. Who is online right now, first; the real count, never a made-up timer. */
export function AloneTonightTemplate({ data }: TemplateProps) {
  const intl = useIntl();
  const { campaign } = data;
  const members = [...data.members].sort((a, b) => Number(b.online) - Number(a.online));
  const whoId = React.useId();
  return (
    <div className={styles.night} data-template="alonetonight">
      <div className={styles.inner}>
        <p className={styles.kicker}>{intl.formatMessage(m.aloneKicker)}</p>
        <h1 className={styles.headline}>{campaign.headline}</h1>
        <p className={styles.live} role="status">
          <span className={styles.pulse} aria-hidden="true" />
          {intl.formatMessage(m.onlineNow, { count: data.online_count })}
        </p>
        <p className={styles.text}>{campaign.text}</p>
        <h2 className={styles.who} id={whoId}>{intl.formatMessage(m.aloneWho)}</h2>
        {members.length ? (
          // A strip that scrolls sideways must be reachable by keyboard to scroll it (WCAG 2.1.1); named by its heading.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <ul className={styles.strip} aria-labelledby={whoId} tabIndex={0}>
            {members.slice(0, 10).map((member, i) => (
              <li key={member.id}>
                <MemberTile member={member} showOnline priority={i < ABOVE_THE_FOLD} />
              </li>
            ))}
          </ul>
        ) : (
          <p>{intl.formatMessage(m.empty)}</p>
        )}
        <SignupBox className={styles.signup} />
      </div>
    </div>
  );
}
