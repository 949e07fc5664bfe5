import { FormattedMessage, useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { chatsAtom, likesAtom, useRemote, type PublicProfile } from '@dating/shared';
import { SquarePhoto } from '@dating/shared/ui';
import styles from './home.module.css';

/** The side of a face in the strip, in CSS px (3.5rem, home.module.css). */
const FACE_PX = 56;

function Face({ profile }: { profile: PublicProfile }) {
  const { settings } = useRemote();
  return profile.main_image?.thumb_filename ? (
    <SquarePhoto className={styles.newsFace} cdnPrefix={settings.settings.cdn_prefix} image={profile.main_image} sizes="3.5rem" px={FACE_PX} alt="" />
  ) : (
    <span className={styles.newsFace} aria-hidden="true">
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * "What's new" on a member's home: members whose like is still new (to their profile on the likes
 * page) and conversations with unread messages (to the chat). It reads what the shell keeps in the
 * query cache (`queryKeys.likes()`, `queryKeys.chats()`, polled or refreshed by live events), so it
 * asks the API nothing. The strip has one height whether the lists are still unknown, empty or
 * full (it scrolls sideways), so the suggestions under it never move.
 */
export function WhatsNew() {
  const { href } = useRemote();
  const intl = useIntl();
  const likes = useAtomValue(likesAtom);
  const chats = useAtomValue(chatsAtom);
  const known = likes !== null && chats !== null;
  const newLikes = likes?.liked_by.filter((p) => p.like_new) ?? [];
  const unread = chats?.filter((c) => c.num_unread_messages > 0) ?? [];
  const title = intl.formatMessage({ id: 'home.news.title', defaultMessage: 'What’s new' });
  return (
    <section aria-labelledby="home-news" className={styles.news}>
      <h2 id="home-news">{title}</h2>
      <div className={styles.newsStrip} aria-busy={!known || undefined}>
        {known && newLikes.length + unread.length === 0 && (
          <p className={styles.newsEmpty}>
            <FormattedMessage id="home.news.empty" defaultMessage="Nothing new right now: no new likes and no unread messages." />
          </p>
        )}
        {known && newLikes.length + unread.length > 0 && (
          <ul className={styles.newsList} aria-label={title}>
            {unread.map((c) => (
              <li key={`chat-${c.conversation.id}`}>
                <a className={styles.newsItem} href={href({ name: 'chats-chatId', params: { chatId: c.conversation.id } })}>
                  <Face profile={c.profile} />
                  <span>
                    <FormattedMessage
                      id="home.news.messages"
                      defaultMessage="{count, plural, one {# new message} other {# new messages}} from {name}"
                      values={{ count: c.num_unread_messages, name: c.profile.name }}
                    />
                  </span>
                </a>
              </li>
            ))}
            {newLikes.map((p) => (
              <li key={`like-${p.id}`}>
                <a className={styles.newsItem} href={href({ name: 'likes-m-memberId', params: { memberId: p.id } })}>
                  <Face profile={p} />
                  <span>
                    <FormattedMessage id="home.news.like" defaultMessage="{name} likes you" values={{ name: p.name }} />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
