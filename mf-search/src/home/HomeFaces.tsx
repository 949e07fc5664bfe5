import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { HOME_FACES_LIMIT, useRemote } from '@dating/shared';
import { SiteRunMark, SquarePhoto } from '@dating/shared/ui';
import styles from './home.module.css';

/** A face's frame as home.module.css lays it out: 4 columns on a phone, 6 from 40rem, the column at most 11rem. */
export const FACE_SIZES = '(min-width: 64rem) 11rem, (min-width: 40rem) 16vw, 24vw';

/**
 * Members of the site's target group with their photo, first name and age, on a visitor's home
 * (GET /api/home_faces.php: the same for every visitor, so the prerendered page stays shareable).
 * The grid's frames are laid out before anything arrives; a failure only hides the grid (spec §8).
 */
export function HomeFaces() {
  const { api, settings } = useRemote();
  const intl = useIntl();
  const faces = useQuery({
    queryKey: ['mf-search', 'home-faces'],
    queryFn: () =>
      api.homeFaces().then(
        (answer) => answer.members,
        (error: unknown) => {
          console.error('home faces could not be loaded', error);
          throw error;
        },
      ),
  });
  const label = intl.formatMessage({ id: 'home.faces', defaultMessage: 'Some of our members' });
  if (faces.isError || (faces.data && faces.data.length === 0)) return null;
  if (!faces.data) {
    // Empty frames where the faces will be: the signup below does not move when they arrive.
    // Busy until they do (what a page waits for before it is looked at as loaded).
    return (
      <div className={styles.faces} aria-hidden="true" aria-busy="true" data-loading="">
        {Array.from({ length: HOME_FACES_LIMIT }, (_, i) => (
          <div key={i} className={styles.face}>
            <div className={styles.frame} />
            <span className={styles.caption}>&nbsp;</span>
          </div>
        ))}
      </div>
    );
  }
  return (
    <ul className={styles.faces} aria-label={label}>
      {faces.data.map((m, i) => (
        <li key={m.id} className={styles.face}>
          <figure>
            <div className={styles.frame}>
              <SquarePhoto
                cdnPrefix={settings.settings.cdn_prefix}
                image={m.main_image}
                sizes={FACE_SIZES}
                alt={intl.formatMessage({ id: 'card.photo', defaultMessage: 'Photo of {name}' }, { name: m.name })}
                loading={i < 8 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
              />
            </div>
            <figcaption className={styles.caption}>
              {m.age === null ? (
                m.name
              ) : (
                <FormattedMessage id="home.faceCaption" defaultMessage="{name}, {age}" values={{ name: m.name, age: m.age }} />
              )}{' '}
              <SiteRunMark profile={m} className={styles.mark} />
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
