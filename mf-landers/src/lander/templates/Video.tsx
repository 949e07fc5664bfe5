import { useIntl } from 'react-intl';
import { useRemote } from '@dating/shared';
import { PhotoReel } from '../../common/PhotoReel';
import { SignupBox } from '../../common/SignupBox';
import { usePrefersReducedMotion } from '../../common/motion';
import { photoUrl, withPhotos } from '../../common/photos';
import { m } from '../messages';
import type { TemplateProps } from './types';
import styles from './Video.module.css';

/**
 * video: a full-bleed looping background, muted, with a poster; the campaign's video file when it
 * has one, otherwise a moving sequence of the target group's photos. Still under reduced motion.
 */
export function VideoTemplate({ data }: TemplateProps) {
  const { settings } = useRemote();
  const intl = useIntl();
  const reduced = usePrefersReducedMotion();
  const { campaign } = data;
  const poster = withPhotos(data.members)[0];
  return (
    <section className={styles.hero} data-template="video">
      {campaign.video_url ? (
        <video
          className={styles.background}
          src={campaign.video_url}
          poster={poster ? photoUrl(settings, poster.main_image.thumb_filename) : undefined}
          muted
          loop
          playsInline
          autoPlay={!reduced}
          preload={reduced ? 'none' : 'auto'}
          aria-hidden="true"
        />
      ) : (
        <PhotoReel members={data.members} className={styles.background} />
      )}
      <div className={styles.shade} aria-hidden="true" />
      <div className={styles.content}>
        <h1 className={styles.headline}>{campaign.headline}</h1>
        <p className={styles.text}>{campaign.text}</p>
        <p className={styles.badge}>{intl.formatMessage(m.onlineNow, { count: data.online_count })}</p>
        <SignupBox />
      </div>
    </section>
  );
}
