import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { queryKeys, useRemote, type PhotosResponse, type User } from '@dating/shared';
import { SquarePhoto } from '@dating/shared/ui';
import styles from './photoOrder.module.css';

type Image = User['profile']['images'][number];

/** The member's photos as others see them: the main photo first, then the others in their order. */
export function photosInOrder(profile: Pick<User['profile'], 'main_image' | 'images'>): Image[] {
  const main = profile.main_image?.thumb_filename;
  const first = main ? profile.images.find((i) => i.thumb_filename === main) : undefined;
  return first ? [first, ...profile.images.filter((i) => i !== first)] : [...profile.images];
}

/**
 * Whether a photo may be the main one (first): everyone sees the main photo, so not a photo shared
 * with Premium members only, nor one still waiting for approval (the API refuses both).
 */
const mayLead = (image: Image) => !image.premium_only && !image.in_review;

type Change = { kind: 'move'; id: number; to: number; order: number[] } | { kind: 'main'; id: number; order: number[] };

/** Which control of which photo gets the focus back once the list is in its new order. */
type FocusTarget = { id: number; control: 'earlier' | 'later' };

/**
 * The order of the member's photos and which is the main one (shown on cards, in chats): per photo
 * "Move earlier", "Move later" and "Make main photo" buttons, so it works with a keyboard and a
 * screen reader alike; the new order is said in a status message. The order changes at once and
 * goes back when the server refuses it.
 */
export function PhotoOrder({ user }: { user: User }) {
  const { api, queryClient, settings } = useRemote();
  const intl = useIntl();
  const photos = photosInOrder(user.profile);
  const buttons = React.useRef(new Map<string, HTMLButtonElement>());
  // Where the focus goes after the next render (the list in its new order): React moves the rows.
  const focus = React.useRef<FocusTarget | null>(null);
  const [said, setSaid] = React.useState('');

  // The member lives in the query cache: every view of them (the header, cards) follows.
  const setUser = (update: (u: User | null | undefined) => User | null | undefined) => queryClient.setQueryData(queryKeys.user(), update);
  const apply = (answer: PhotosResponse) =>
    setUser((u) => (u ? { ...u, profile: { ...u.profile, main_image: answer.main_image, images: answer.images } } : u));

  const change = useMutation({
    mutationFn: (c: Change) => (c.kind === 'main' ? api.setMainPhoto(c.id) : api.setPhotoOrder(c.order)),
    onMutate: (c) => {
      const before = queryClient.getQueryData(queryKeys.user());
      // At once on screen, in the order asked for; the first is the main photo.
      const byId = new Map(photos.map((p) => [p.id, p]));
      const images = c.order.map((id) => byId.get(id)!);
      const lead = images[0]!;
      setUser((u) =>
        u ? { ...u, profile: { ...u.profile, images, main_image: { thumb_filename: lead.thumb_filename, large: lead.large, formats: lead.formats } } } : u,
      );
      return { before };
    },
    onSuccess: (answer, c) => {
      apply(answer);
      const n = answer.images.findIndex((i) => i.id === c.id) + 1;
      setSaid(
        n === 1
          ? intl.formatMessage({ id: 'photoOrder.nowMain', defaultMessage: 'Saved: this photo is now your main photo.' })
          : intl.formatMessage({ id: 'photoOrder.nowAt', defaultMessage: 'Saved: this photo is now photo {n} of {count}.' }, { n, count: answer.images.length }),
      );
    },
    onError: (error, _c, context) => {
      console.error('photo order failed', error);
      if (context?.before) setUser(() => context.before);
      setSaid('');
    },
  });

  React.useEffect(() => {
    const target = focus.current;
    if (!target) return;
    focus.current = null;
    buttons.current.get(`${target.id}-${target.control}`)?.focus();
  });

  if (photos.length < 2) return null;
  const ids = photos.map((p) => p.id);
  const busy = change.isPending;

  const move = (i: number, to: number, control: FocusTarget['control']) => {
    const image = photos[i]!;
    if (busy || to < 0 || to >= photos.length) return;
    const order = ids.filter((id) => id !== image.id);
    order.splice(to, 0, image.id);
    if (!mayLead(photos.find((p) => p.id === order[0])!) && order[0] !== ids[0]) return;
    focus.current = { id: image.id, control };
    change.mutate({ kind: 'move', id: image.id, to, order });
  };
  const makeMain = (i: number) => {
    const image = photos[i]!;
    if (busy) return;
    // The "Make main photo" button goes (the photo is the main one now): focus stays on its row.
    focus.current = { id: image.id, control: 'later' };
    change.mutate({ kind: 'main', id: image.id, order: [image.id, ...ids.filter((id) => id !== image.id)] });
  };
  const ref = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  return (
    <div className={styles.order}>
      <h3 className={styles.title} id="photo-order-title">
        <FormattedMessage id="photoOrder.title" defaultMessage="Order of your photos" />
      </h3>
      <p className={styles.rule} id="photo-order-rule">
        <FormattedMessage
          id="photoOrder.rule"
          defaultMessage="Others see your photos in this order. The first one is your main photo: it is shown on your card in search, in likes and in chats."
        />
      </p>
      <ol className={styles.list} aria-labelledby="photo-order-title" aria-describedby="photo-order-rule">
        {photos.map((image, i) => {
          const n = i + 1;
          // Moving earlier onto the first place makes the photo the main one: only where it may be.
          const earlierOk = i > 0 && (i > 1 || mayLead(image));
          const laterOk = i < photos.length - 1 && (i > 0 || mayLead(photos[1]!));
          return (
            <li key={image.id} className={styles.item}>
              <SquarePhoto
                className={styles.thumb}
                cdnPrefix={settings.settings.cdn_prefix}
                image={image}
                sizes="5rem"
                px={80}
                alt={intl.formatMessage({ id: 'photoOrder.photo', defaultMessage: 'Your photo {n}' }, { n })}
              />
              <div className={styles.controls}>
                {i === 0 ? (
                  <p className={styles.main}>
                    <FormattedMessage id="photoOrder.main" defaultMessage="Main photo" />
                  </p>
                ) : mayLead(image) ? (
                  <button
                    type="button"
                    className={styles.button}
                    // The visible words are part of the name (WCAG 2.5.3), the photo's number says which.
                    aria-label={intl.formatMessage({ id: 'photoOrder.makeMainN', defaultMessage: 'Photo {n}: make main photo' }, { n })}
                    aria-disabled={busy || undefined}
                    onClick={() => makeMain(i)}
                  >
                    <FormattedMessage id="photoOrder.makeMain" defaultMessage="Make main photo" />
                  </button>
                ) : null}
                <button
                  type="button"
                  ref={ref(`${image.id}-earlier`)}
                  className={styles.button}
                  // aria-disabled, not disabled: the button keeps the focus after a move to the first place.
                  aria-disabled={!earlierOk || busy || undefined}
                  aria-label={intl.formatMessage({ id: 'photoOrder.earlierN', defaultMessage: 'Photo {n}: move earlier' }, { n })}
                  onClick={() => earlierOk && move(i, i - 1, 'earlier')}
                >
                  <span aria-hidden="true">↑ </span>
                  <FormattedMessage id="photoOrder.earlier" defaultMessage="Move earlier" />
                </button>
                <button
                  type="button"
                  ref={ref(`${image.id}-later`)}
                  className={styles.button}
                  aria-disabled={!laterOk || busy || undefined}
                  aria-label={intl.formatMessage({ id: 'photoOrder.laterN', defaultMessage: 'Photo {n}: move later' }, { n })}
                  onClick={() => laterOk && move(i, i + 1, 'later')}
                >
                  <span aria-hidden="true">↓ </span>
                  <FormattedMessage id="photoOrder.later" defaultMessage="Move later" />
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <p role="status" className={styles.status}>
        {said}
      </p>
      {change.isError && (
        <p role="alert" className={styles.error}>
          <FormattedMessage id="photoOrder.failed" defaultMessage="The order of your photos could not be saved. Please try again." />
        </p>
      )}
    </div>
  );
}
