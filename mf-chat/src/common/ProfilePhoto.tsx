import { useRemote, type PublicProfile } from '@dating/shared';
import { photoUrl } from '@dating/shared/ui';
import styles from '../chat.module.css';

/** A member's thumbnail, or their initial when they have no photo. */
export function ProfilePhoto({ profile, size = 48 }: { profile: PublicProfile; size?: number }) {
  const { settings } = useRemote();
  const file = profile.main_image?.thumb_filename;
  return file ? (
    <img className={styles.avatar} src={photoUrl(settings.settings.cdn_prefix, file)} alt="" width={size} height={size} />
  ) : (
    <span className={styles.avatar} aria-hidden="true" style={{ width: size, height: size }}>
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
