import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { userAtom, useRemote, type PublicProfile } from '@dating/shared';
import { showsLanguageBadge } from '../members/rules';
import { countryName, languageName, SiteRunMark, SquarePhoto } from '@dating/shared/ui';
import { useLike } from './useLike';
import { useStartChat } from './useStartChat';
import styles from './profiles.module.css';

/**
 * How wide a card's photo is: half the screen on a phone (two cards a row), a third on a tablet,
 * at most 23rem beside others on a desktop (the grid, profiles.module.css). The browser takes the
 * large version only where this is wider than the 320 px thumbnail on its screen.
 */
export const CARD_PHOTO_SIZES = '(min-width: 36rem) min(23rem, 33vw), 50vw';

/** The main photo of a profile (responsive, never enlarged), or a placeholder with the initial. */
export function ProfilePhoto({ profile, eager = false }: { profile: PublicProfile; eager?: boolean }) {
  const { settings } = useRemote();
  const intl = useIntl();
  const main = profile.main_image;
  if (!main?.thumb_filename) {
    return (
      <div className={styles.placeholder} role="img" aria-label={intl.formatMessage({ id: 'card.noPhoto', defaultMessage: 'No photo of {name}' }, { name: profile.name })}>
        <span aria-hidden="true">{profile.name.slice(0, 1).toUpperCase()}</span>
      </div>
    );
  }
  return (
    <SquarePhoto
      cdnPrefix={settings.settings.cdn_prefix}
      image={main}
      sizes={CARD_PHOTO_SIZES}
      alt={intl.formatMessage({ id: 'card.photo', defaultMessage: 'Photo of {name}' }, { name: profile.name })}
      loading={eager ? 'eager' : 'lazy'}
    />
  );
}

/** Badges on a photo: a profile the site runs (always, the kit's mark), spoken language for CA, BE, CH. */
export function ProfileBadges({ profile }: { profile: PublicProfile }) {
  const { locale } = useRemote();
  const intl = useIntl();
  const language = showsLanguageBadge(profile) ? profile.language : null;
  if (!profile.fictional && !language) return null;
  return (
    <div className={styles.badges}>
      <SiteRunMark profile={profile} />
      {language && (
        <span
          className={styles.badge}
          title={intl.formatMessage({ id: 'card.speaks', defaultMessage: 'Speaks {language}' }, { language: languageName(language, locale) })}
        >
          <span aria-hidden="true">{language.toUpperCase()}</span>
          <span className={styles.visuallyHidden}>
            <FormattedMessage id="card.speaks" defaultMessage="Speaks {language}" values={{ language: languageName(language, locale) }} />
          </span>
        </span>
      )}
    </div>
  );
}

/** "Utrecht, Netherlands": city and country name in the member's language. */
export function placeOf(profile: Pick<PublicProfile, 'city' | 'country'>, locale: Parameters<typeof countryName>[1]): string {
  return [profile.city, profile.country ? countryName(profile.country, locale) : null].filter(Boolean).join(', ');
}

/** Like/unlike as a toggle button; only for members. */
export function LikeButton({ profile, onChange }: { profile: PublicProfile; onChange?: (liked: boolean) => void }) {
  const intl = useIntl();
  const { liked, busy, toggle } = useLike(profile, onChange);
  return (
    <button
      type="button"
      className={styles.action}
      aria-pressed={liked}
      disabled={busy}
      aria-label={
        liked
          ? intl.formatMessage({ id: 'card.unlikeNamed', defaultMessage: 'Unlike {name}' }, { name: profile.name })
          : intl.formatMessage({ id: 'card.likeNamed', defaultMessage: 'Like {name}' }, { name: profile.name })
      }
      onClick={toggle}
    >
      <span aria-hidden="true">{liked ? '♥ ' : '♡ '}</span>
      {liked ? <FormattedMessage id="card.unlike" defaultMessage="Unlike" /> : <FormattedMessage id="card.like" defaultMessage="Like" />}
    </button>
  );
}

export function ChatButton({ profile }: { profile: PublicProfile }) {
  const intl = useIntl();
  const { start, starting } = useStartChat();
  return (
    <button
      type="button"
      className={styles.action}
      disabled={starting}
      aria-label={intl.formatMessage({ id: 'card.chatNamed', defaultMessage: 'Chat with {name}' }, { name: profile.name })}
      onClick={() => start(profile.id)}
    >
      <FormattedMessage id="card.chat" defaultMessage="Chat" />
    </button>
  );
}

/**
 * A profile card (spec §2): thumbnail, name, age, city and country; like/unlike and start
 * conversation for members only; view profile for everyone.
 */
export function ProfileCard({ profile, headingLevel = 3 }: { profile: PublicProfile; headingLevel?: 2 | 3 | 4 }) {
  const { href, locale, query } = useRemote();
  const intl = useIntl();
  const user = useAtomValue(userAtom);
  // Never offer to like or chat with yourself.
  const loggedIn = Boolean(user) && user?.profile.id !== profile.id;
  const headingId = `profile-card-${profile.id}`;
  const place = placeOf(profile, locale);
  // Headings go down one level at a time (WCAG 1.3.1; axe heading-order): the host says which level.
  const Name = `h${headingLevel}` as const;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <div className={styles.photo}>
        <ProfilePhoto profile={profile} />
        <ProfileBadges profile={profile} />
      </div>
      <div className={styles.body}>
        <Name className={styles.name} id={headingId}>
          {profile.age != null ? (
            <FormattedMessage id="card.nameAge" defaultMessage="{name}, {age}" values={{ name: profile.name, age: profile.age }} />
          ) : (
            profile.name
          )}
        </Name>
        {place && <p className={styles.meta}>{place}</p>}
      </div>
      <div className={styles.actions}>
        {loggedIn && <LikeButton profile={profile} />}
        {loggedIn && <ChatButton profile={profile} />}
        <a
          className={styles.action}
          // A visitor's traffic source goes along: on a site where only visitors with one may look (velvet), the profile needs it too.
          href={href({ name: 'members-memberId', params: { memberId: profile.id }, query: query.network ? { network: query.network } : undefined })}
          aria-label={intl.formatMessage({ id: 'card.viewNamed', defaultMessage: 'View profile of {name}' }, { name: profile.name })}
        >
          <FormattedMessage id="card.view" defaultMessage="View profile" />
        </a>
      </div>
    </article>
  );
}
