import type { PublicProfile } from '@dating/shared';
import { ProfileCard } from '../profiles/ProfileCard';
import type { Slot } from './rules';
import { WebcamTile, type Cam } from './WebcamTile';
import styles from '../profiles/profiles.module.css';

/**
 * Profile cards with webcam tiles where placeTiles() put them. `headingLevel`: the level of each
 * card's name, one below the heading the grid stands under (h2 under the page's h1).
 */
export function MembersGrid({ slots, label, headingLevel }: { slots: Slot<PublicProfile, Cam>[]; label?: string; headingLevel: 2 | 3 | 4 }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {slots.map((slot, i) =>
        slot.kind === 'result' ? (
          <li key={`p${slot.item.id}`}>
            <ProfileCard profile={slot.item} headingLevel={headingLevel} />
          </li>
        ) : (
          <li key={`t${i}-${slot.item.account}`}>
            <WebcamTile cam={slot.item} />
          </li>
        ),
      )}
    </ul>
  );
}
