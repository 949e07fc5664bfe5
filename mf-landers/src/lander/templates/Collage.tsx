import { useIntl } from 'react-intl';
import { ABOVE_THE_FOLD, MemberTile } from '../../common/MemberTile';
import { SignupBox } from '../../common/SignupBox';
import { withPhotos } from '../../common/photos';
import { m } from '../messages';
import type { TemplateProps } from './types';
import styles from './Collage.module.css';

/** collagelanding: a scrapbook collage of member photos, tilted like prints on a table. */
/** The first polaroid spans two columns and two rows (Collage.module.css `.p0`): twice a tile's width. */
const FIRST_SIZES = '(min-width: 48rem) 29rem, 66vw';

export function CollageTemplate({ data }: TemplateProps) {
  const intl = useIntl();
  const { campaign } = data;
  const photos = withPhotos(data.members).slice(0, 9);
  return (
    <div className={styles.page} data-template="collagelanding">
      <h1 className={styles.headline}>{campaign.headline}</h1>
      <section aria-label={intl.formatMessage(m.collageTitle)}>
        {photos.length ? (
          <ul className={styles.collage}>
            {photos.map((p, i) => (
              <li key={p.id} className={styles[`p${i}`]}>
                <MemberTile member={p} variant="polaroid" priority={i < ABOVE_THE_FOLD} sizes={i === 0 ? FIRST_SIZES : undefined} />
              </li>
            ))}
          </ul>
        ) : (
          <p>{intl.formatMessage(m.empty)}</p>
        )}
      </section>
      <div className={styles.bottom}>
        <p className={styles.text}>{campaign.text}</p>
        <SignupBox />
      </div>
    </div>
  );
}
