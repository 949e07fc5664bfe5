import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMutation, useMutationState } from '@tanstack/react-query';
import { useKnownUser, useRemote, useSetUser, type User } from '@dating/shared';
import { SquarePhoto } from '@dating/shared/ui';
import styles from './premiumPhotos.module.css';

type Image = User['profile']['images'][number];
/** The square covering a photo's 3:4 frame (premiumPhotos.module.css: columns of 9rem or more), for srcset. */
const PHOTO_SIZES = '(min-width: 40rem) 16rem, 60vw';
const premiumOnlyKey = ['premium-photo'] as const;

/** The member's photos in profile order: the main photo first (it is seen by everyone), then the others. */
function ownPhotos(user: User): { image: Image; main: boolean }[] {
  const main = user.profile.main_image?.thumb_filename;
  const first = main ? user.profile.images.find((i) => i.thumb_filename === main) : undefined;
  return [
    ...(first ? [{ image: first, main: true }] : []),
    ...user.profile.images.filter((i) => i !== first).map((image) => ({ image, main: false })),
  ];
}

/**
 * The user with one photo's premium-only flag set (the cached member, so every view sees it), and its
 * file name as the server answered it (a photo made premium-only gets a new one).
 */
const withFlag = (u: User | null | undefined, id: number, premiumOnly: boolean, thumbFilename?: string) =>
  u
    ? {
        ...u,
        profile: {
          ...u.profile,
          images: u.profile.images.map((i) =>
            // A photo made premium-only has new file names: its thumbnail's is known, the large version's not yet (the next user answer has it).
            i.id === id ? { ...i, premium_only: premiumOnly, ...(thumbFilename && thumbFilename !== i.thumb_filename ? { thumb_filename: thumbFilename, large: undefined } : {}) } : i,
          ),
        },
      }
    : u;

/**
 * "Premium members only", per photo, on the member's own profile (the `premium-photos` fragment of
 * mf-commerce, mounted in the photo section of /profile; DESIGN rule 8). The switch changes at once;
 * when the server refuses, it goes back and a toast says so. The main photo is seen by everyone.
 */
export function PremiumPhotos() {
  const { api, services, settings } = useRemote();
  const intl = useIntl();
  const user = useKnownUser();
  const setUser = useSetUser();
  const ruleId = React.useId();

  const change = useMutation({
    mutationKey: premiumOnlyKey,
    mutationFn: ({ id, premiumOnly }: { id: number; premiumOnly: boolean }) => api.setPhotoPremiumOnly(id, premiumOnly),
    onMutate: ({ id, premiumOnly }) => {
      setUser((u) => withFlag(u, id, premiumOnly));
    },
    onSuccess: ({ id, premium_only, thumb_filename }) => {
      setUser((u) => withFlag(u, id, premium_only, thumb_filename));
    },
    onError: (error, { id, premiumOnly }) => {
      console.error('premium_photo.php failed', error);
      setUser((u) => withFlag(u, id, !premiumOnly));
      services.toast({
        variant: 'danger',
        message: intl.formatMessage({ id: 'premiumPhotos.failed', defaultMessage: 'Your photo setting could not be saved. Please try again.' }),
      });
    },
  });
  // "Saved." after the last change went through (a new change clears it while it is pending).
  const saved = change.isSuccess;
  const pending = new Set(
    useMutationState({ filters: { mutationKey: premiumOnlyKey, status: 'pending' }, select: (m) => (m.state.variables as { id: number }).id }),
  );

  if (!user) return null;
  const photos = ownPhotos(user);
  return (
    <div className={styles.premiumPhotos}>
      <h3 className={styles.title}>
        <FormattedMessage id="premiumPhotos.title" defaultMessage="Photos for Premium members" />
      </h3>
      <p id={ruleId} className={styles.rule}>
        <FormattedMessage
          id="premiumPhotos.rule"
          defaultMessage="A photo you mark “Premium members only” is shown blurred to members without Premium; opening it offers them Premium. Premium members see it as usual. Your main photo is always seen by everyone."
        />
      </p>
      {photos.length < 2 ? (
        <p className={styles.empty}>
          <FormattedMessage
            id="premiumPhotos.empty"
            defaultMessage="Upload more photos to share some of them with Premium members only."
          />
        </p>
      ) : (
        <ul className={styles.list}>
          {photos.map(({ image, main }, i) => {
            const n = i + 1;
            const on = Boolean(image.premium_only) && !main;
            const busy = pending.has(image.id);
            return (
              <li key={image.id} className={styles.photo}>
                <SquarePhoto
                  className={styles.thumb}
                  cdnPrefix={settings.settings.cdn_prefix}
                  image={image}
                  sizes={PHOTO_SIZES}
                  alt={intl.formatMessage({ id: 'premiumPhotos.photo', defaultMessage: 'Your photo {n}' }, { n })}
                />
                {main ? (
                  <p className={styles.state}>
                    <FormattedMessage id="premiumPhotos.main" defaultMessage="Main photo: seen by everyone" />
                  </p>
                ) : (
                  <label className={styles.switch}>
                    <input
                      type="checkbox"
                      role="switch"
                      checked={on}
                      aria-describedby={ruleId}
                      aria-busy={busy || undefined}
                      onChange={(e) => {
                        if (!busy) change.mutate({ id: image.id, premiumOnly: e.target.checked });
                      }}
                    />
                    <span>
                      <FormattedMessage id="premiumPhotos.switch" defaultMessage="Photo {n}: Premium members only" values={{ n }} />
                    </span>
                  </label>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className={styles.saved}>
        {saved ? <FormattedMessage id="premiumPhotos.saved" defaultMessage="Saved." /> : null}
      </p>
    </div>
  );
}
