import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote, type CamSchema } from '@dating/shared';
import type { z } from 'zod';
import styles from '../profiles/profiles.module.css';

export type Cam = z.infer<typeof CamSchema>;

/** A live-webcam partner tile (spec §6): a plain link through xcams/redirect, in a new tab. */
export function WebcamTile({ cam }: { cam: Cam }) {
  const { api } = useRemote();
  const intl = useIntl();
  return (
    <a
      className={styles.tile}
      href={api.xcamsRedirectUrl(cam.account)}
      target="_blank"
      rel="noopener"
      data-tile="webcam"
      aria-label={intl.formatMessage(
        { id: 'tile.label', defaultMessage: 'Live webcam: {name} (opens in a new tab)' },
        { name: cam.name },
      )}
    >
      {cam.thumb ? <img src={cam.thumb} alt="" loading="lazy" /> : null}
      <span className={styles.tileBody}>
        <span className={styles.tileLabel}>
          <FormattedMessage id="tile.kind" defaultMessage="Live webcam" />
        </span>
        <br />
        <strong>
          {cam.age != null ? (
            <FormattedMessage id="card.nameAge" defaultMessage="{name}, {age}" values={{ name: cam.name, age: cam.age }} />
          ) : (
            cam.name
          )}
        </strong>
        {cam.online && (
          <>
            <br />
            <span className={styles.live}>
              <FormattedMessage id="tile.online" defaultMessage="Online now" />
            </span>
          </>
        )}
      </span>
    </a>
  );
}
