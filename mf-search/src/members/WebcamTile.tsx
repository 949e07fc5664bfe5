import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote, type CamSchema } from '@dating/shared';
import type { z } from 'zod';
import styles from '../profiles/profiles.module.css';

export type Cam = z.infer<typeof CamSchema>;

/** A live-webcam partner tile (spec §6): a plain link through xcams/redirect, in a new tab. */
export function WebcamTile({ cam }: { cam: Cam }) {
  const { api } = useRemote();
  const intl = useIntl();
  const nameAge =
    cam.age != null ? intl.formatMessage({ id: 'card.nameAge', defaultMessage: '{name}, {age}' }, { name: cam.name, age: cam.age }) : cam.name;
  const online = intl.formatMessage({ id: 'tile.online', defaultMessage: 'Online now' });
  // The link's name holds every word it shows, in order (WCAG 2.5.3, label in name), and says where it opens.
  const label = intl.formatMessage(
    { id: 'tile.label', defaultMessage: 'Live webcam: {name} (opens in a new tab)' },
    { name: cam.online ? `${nameAge}, ${online}` : nameAge },
  );
  return (
    <a className={styles.tile} href={api.xcamsRedirectUrl(cam.account)} target="_blank" rel="noopener" data-tile="webcam" aria-label={label}>
      {cam.thumb ? <img src={cam.thumb} alt="" loading="lazy" /> : null}
      <span className={styles.tileBody}>
        <span className={styles.tileLabel}>
          <FormattedMessage id="tile.kind" defaultMessage="Live webcam" />
        </span>
        <br />
        <strong>{nameAge}</strong>
        {cam.online && (
          <>
            <br />
            <span className={styles.live}>{online}</span>
          </>
        )}
      </span>
    </a>
  );
}
