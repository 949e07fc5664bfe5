import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote, type MemberModerationItem, type User } from '@dating/shared';
import { SquarePhoto } from '@dating/shared/ui';
import styles from '../common/form.module.css';

/**
 * What of the member's own is waiting for a moderator or was not approved (GET moderation.php):
 * under pre-moderation a new photo or text is "in review" (others do not see it yet); a rejected
 * one is gone, with the reason in the member's language, and they may upload or write again. The
 * query follows the profile: a new upload or saved text asks again.
 */
export function ReviewSection({ user }: { user: User }) {
  const { api, settings } = useRemote();
  const intl = useIntl();
  const p = user.profile;
  const review = useQuery({
    queryKey: ['mf-auth-signup', 'moderation', p.images.map((i) => i.id).join(','), p.name, p.personal],
    queryFn: async () => (await api.myModeration()).items,
  });
  const items = review.data ?? [];
  if (!items.length) return null;
  const what = (item: MemberModerationItem) =>
    item.kind === 'photo'
      ? intl.formatMessage({ id: 'review.photo', defaultMessage: 'Your photo' })
      : item.field === 'name'
        ? intl.formatMessage({ id: 'review.name', defaultMessage: 'Your name' })
        : intl.formatMessage({ id: 'review.personal', defaultMessage: 'Your personal text' });
  return (
    <section className={styles.section} aria-labelledby="profile-review" id="review">
      <h2 id="profile-review">
        <FormattedMessage id="profile.section.review" defaultMessage="Review by our moderators" />
      </h2>
      <ul className={styles.reviewList}>
        {items.map((item) => (
          <li key={item.id} className={styles.reviewItem}>
            {item.status === 'in_review' && item.thumb_filename ? (
              <SquarePhoto cdnPrefix={settings.settings.cdn_prefix} image={{ thumb_filename: item.thumb_filename }} px={64} sizes="64px" alt="" />
            ) : null}
            <p>
              {item.status === 'in_review' ? (
                <FormattedMessage
                  id="review.inReview"
                  defaultMessage="{what} is in review: others see it once a moderator has approved it."
                  values={{ what: what(item) }}
                />
              ) : (
                <FormattedMessage
                  id="review.rejected"
                  defaultMessage="{what} was not approved (reason: {reason}). {kind, select, photo {You can upload another photo.} other {You can write it again.}}"
                  values={{ what: what(item), reason: item.reason ?? '—', kind: item.kind }}
                />
              )}
              {item.kind === 'text' && item.text ? (
                <>
                  {' '}
                  <q>{item.text}</q>
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
