import { useRemote, type PublicProfile } from '@dating/shared';
import { SquarePhoto } from '@dating/shared/ui';
import styles from '../chat.module.css';

/** A member's main photo (`size` px square, responsive, WebP where taken), or their initial. */
export function ProfilePhoto({ profile, size = 48 }: { profile: PublicProfile; size?: number }) {
  const { settings } = useRemote();
  const main = profile.main_image;
  return main?.thumb_filename ? (
    <SquarePhoto className={styles.avatar} cdnPrefix={settings.settings.cdn_prefix} image={main} sizes={`${size}px`} px={size} alt="" loading="eager" />
  ) : (
    <span className={styles.avatar} aria-hidden="true" style={{ width: size, height: size }}>
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
