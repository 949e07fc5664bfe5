import type { PublicProfile } from '@dating/shared';
import { ProfileCard } from '../profiles/ProfileCard';
import type { Slot } from './rules';
import { WebcamTile, type Cam } from './WebcamTile';
import styles from '../profiles/profiles.module.css';

/** Profile cards with webcam tiles where placeTiles() put them. */
export function MembersGrid({ slots, label }: { slots: Slot<PublicProfile, Cam>[]; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {slots.map((slot, i) =>
        slot.kind === 'result' ? (
          <li key={`p${slot.item.id}`}>
            <ProfileCard profile={slot.item} />
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
