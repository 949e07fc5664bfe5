import type * as React from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { ABOVE_THE_FOLD, MemberTile } from '../../common/MemberTile';
import { SignupBox } from '../../common/SignupBox';
import { withPhotos } from '../../common/photos';
import { m } from '../messages';
import type { TemplateProps } from './types';
import styles from './Icons.module.css';

const ICON: Record<string, React.ReactNode> = {
  free: <path d="M12 2 4 6v6c0 5 3.4 8.7 8 10 4.6-1.3 8-5 8-10V6l-8-4Zm-1 14-4-4 1.4-1.4L11 13.2l4.6-4.6L17 10l-6 6Z" />,
  near: <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />,
  private: <path d="M17 9V7a5 5 0 0 0-10 0v2H5v13h14V9h-2Zm-8-2a3 3 0 0 1 6 0v2H9V7Zm4 10.7V19h-2v-1.3a2 2 0 1 1 2 0Z" />,
  chat: <path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2Zm3 6v2h10V9H7Zm0 4v2h7v-2H7Z" />,
};

const BENEFITS: [keyof typeof ICON, MessageDescriptor, MessageDescriptor][] = [
  ['free', m.iconsFree, m.iconsFreeText],
  ['near', m.iconsNear, m.iconsNearText],
  ['private', m.iconsPrivate, m.iconsPrivateText],
  ['chat', m.iconsChat, m.iconsChatText],
];

/** iconslanding: the benefits of the site, each with an icon, and a row of real faces. */
export function IconsTemplate({ data }: TemplateProps) {
  const intl = useIntl();
  const { campaign } = data;
  const faces = withPhotos(data.members).slice(0, 5);
  return (
    <div className={styles.page} data-template="iconslanding">
      <header className={styles.hero}>
        <h1>{campaign.headline}</h1>
        <p>{campaign.text}</p>
        {faces.length > 0 && (
          <ul className={styles.faces} aria-label={intl.formatMessage(m.membersCount, { count: data.member_count })}>
            {faces.map((f, i) => (
              <li key={f.id}>
                <MemberTile member={f} variant="round" priority={i < ABOVE_THE_FOLD} />
              </li>
            ))}
          </ul>
        )}
      </header>
      <ul className={styles.benefits}>
        {BENEFITS.map(([icon, title, text]) => (
          <li key={icon} className={styles.benefit}>
            <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
              {ICON[icon]}
            </svg>
            <h2>{intl.formatMessage(title)}</h2>
            <p>{intl.formatMessage(text)}</p>
          </li>
        ))}
      </ul>
      <div className={styles.signup}>
        <SignupBox />
      </div>
    </div>
  );
}
