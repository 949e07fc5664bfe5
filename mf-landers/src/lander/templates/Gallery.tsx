import { useIntl } from 'react-intl';
import { ABOVE_THE_FOLD, MemberTile } from '../../common/MemberTile';
import { SignupBox } from '../../common/SignupBox';
import { m } from '../messages';
import type { TemplateProps } from './types';
import styles from './Gallery.module.css';

/** gallery: a grid of real photos of the campaign's target group, the form beside it. */
export function GalleryTemplate({ data }: TemplateProps) {
  const intl = useIntl();
  const { campaign } = data;
  return (
    <div className={styles.page} data-template="gallery">
      <header className={styles.header}>
        <h1>{campaign.headline}</h1>
        <p>{campaign.text}</p>
        <p className={styles.count}>{intl.formatMessage(m.membersCount, { count: data.member_count })}</p>
      </header>
      <div className={styles.layout}>
        <section aria-label={intl.formatMessage(m.galleryTitle)}>
          <h2 className={styles.sub}>{intl.formatMessage(m.galleryTitle)}</h2>
          {data.members.length ? (
            <ul className={styles.grid}>
              {data.members.slice(0, 12).map((member, i) => (
                <li key={member.id}>
                  <MemberTile member={member} priority={i < ABOVE_THE_FOLD} />
                </li>
              ))}
            </ul>
          ) : (
            <p>{intl.formatMessage(m.empty)}</p>
          )}
        </section>
        <aside className={styles.aside}>
          <SignupBox />
        </aside>
      </div>
    </div>
  );
}
