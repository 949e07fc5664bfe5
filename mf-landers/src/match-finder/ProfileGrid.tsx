import { useIntl } from 'react-intl';
import { useRemote, type PublicProfile } from '@dating/shared';
import { SiteRunMark } from '@dating/shared/ui';
import { common } from '../common/messages';
import { photoUrl } from '../common/photos';
import styles from './MatchFinder.module.css';

/** Members found for the answers: photo, name, age and city, linking to the profile. */
export function ProfileGrid({ profiles }: { profiles: PublicProfile[] }) {
  const { settings, href } = useRemote();
  const intl = useIntl();
  return (
    <ul className={styles.grid}>
      {profiles.map((p) => (
        <li key={p.id}>
          <a href={href({ name: 'members-memberId', params: { memberId: String(p.id) } })} className={styles.card}>
            {p.main_image ? (
              <img src={photoUrl(settings, p.main_image.thumb_filename)} alt={intl.formatMessage(common.photoOf, { name: p.name })} loading="lazy" />
            ) : (
              <span className={styles.initial} aria-hidden="true">{p.name.slice(0, 1)}</span>
            )}
            <span className={styles.cardText}>
              <strong>{p.name}</strong> {[p.age, p.city].filter(Boolean).join(', ')} <SiteRunMark profile={p} />
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
