import { useIntl } from 'react-intl';
import { useRemote, type PublicProfile } from '@dating/shared';
import { SiteRunMark, SquarePhoto } from '@dating/shared/ui';
import { common } from '../common/messages';
import styles from './MatchFinder.module.css';

/** The square that covers a 3:4 card (as wide as the card is tall): 2 columns on a phone, 3 from 40rem in 44rem. */
const CARD_SIZES = '(min-width: 40rem) 18rem, 62vw';

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
              <SquarePhoto cdnPrefix={settings.settings.cdn_prefix} image={p.main_image} sizes={CARD_SIZES} alt={intl.formatMessage(common.photoOf, { name: p.name })} />
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
