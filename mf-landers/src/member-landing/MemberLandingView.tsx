import { useIntl } from 'react-intl';
import { useRemote, type PublicProfile } from '@dating/shared';
import { QueryView, SiteRunMark, SquarePhoto } from '@dating/shared/ui';
import { SignupBox } from '../common/SignupBox';
import { FramedPhoto } from '../common/FramedPhoto';
import { common } from '../common/messages';
import { ml } from './messages';
import { useMember } from './useMember';
import styles from './MemberLanding.module.css';

function facts(p: PublicProfile): string {
  return [p.age, p.city].filter(Boolean).join(', ');
}

/**
 * The square that covers a photo card of the member landing (3:4, min(80%, 20rem) wide, less the
 * page's margins): as wide as the card is tall (srcset).
 */
const CARD_SIZES = '(min-width: 25rem) 27rem, 107vw';
/** Landing 3: the main photo is two of four columns of a grid at most 36rem wide; the others one. */
const REVEAL_MAIN_SIZES = '(min-width: 40rem) 18rem, 46vw';
const REVEAL_SIZES = '(min-width: 40rem) 9rem, 23vw';

function MemberPage({ render }: { render: (p: PublicProfile) => React.ReactNode }) {
  const { query, missing } = useMember();
  if (missing) return null;
  return (
    <div className={styles.wrap}>
      <QueryView query={query}>{render}</QueryView>
    </div>
  );
}

/** /members/:memberId/landing (lander layout): the member's public photos, age, city and notes. */
export function MemberLandingView() {
  const { settings } = useRemote();
  const intl = useIntl();
  return (
    <MemberPage
      render={(p) => (
        <div className={styles.profile} data-template="member-landing">
          <header className={styles.head}>
            <h1>{p.name}</h1>
            <p>{facts(p)}</p>
            <SiteRunMark profile={p} />
          </header>
          {p.images.length > 0 && (
            // The photos scroll sideways on phones: reachable by keyboard to scroll them (WCAG 2.1.1).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            <ul className={styles.photos} aria-label={intl.formatMessage(ml.photos, { name: p.name })} tabIndex={0}>
              {p.images.map((img, i) => (
                <li key={img.id}>
                  <SquarePhoto
                    cdnPrefix={settings.settings.cdn_prefix}
                    image={img}
                    sizes={CARD_SIZES}
                    alt={intl.formatMessage(common.photoOf, { name: p.name })}
                    loading={i ? 'lazy' : 'eager'}
                    fetchPriority={i ? 'auto' : 'high'}
                  />
                </li>
              ))}
            </ul>
          )}
          {p.personal.trim() && (
            <section className={styles.about}>
              <h2>{intl.formatMessage(ml.about, { name: p.name })}</h2>
              <p>{p.personal}</p>
            </section>
          )}
          <section className={styles.cta}>
            <h2>{intl.formatMessage(ml.meet, { name: p.name })}</h2>
            <SignupBox memberId={p.id} />
          </section>
        </div>
      )}
    />
  );
}

/** /members/:memberId/landing2/:slug (empty layout): an invitation to chat from the member. */
export function MemberLanding2View() {
  const { settings } = useRemote();
  const intl = useIntl();
  return (
    <MemberPage
      render={(p) => (
        <div className={styles.invite} data-template="member-landing2">
          {/* Full screen behind the invitation: the photo at its own size at most, on a blurred copy of it. */}
          {p.main_image && <FramedPhoto className={styles.inviteBg} image={p.main_image} sizes="100vw" alt="" loading="eager" fetchPriority="high" />}
          <div className={styles.inviteShade} aria-hidden="true" />
          <div className={styles.inviteBody}>
            <SiteRunMark profile={p} />
            <p className={styles.bubble}>{intl.formatMessage(ml.invite, { name: p.name })}</p>
            <h1>{intl.formatMessage(ml.inviteFrom, { name: p.name, city: p.city ?? settings.theme.brandName })}</h1>
            <p>{intl.formatMessage(ml.reply)}</p>
            <SignupBox memberId={p.id} />
          </div>
        </div>
      )}
    />
  );
}

/** /members/:memberId/landing3/:slug (empty layout): the main photo, the rest after signing up. */
export function MemberLanding3View() {
  const { settings } = useRemote();
  const intl = useIntl();
  return (
    <MemberPage
      render={(p) => {
        const [first, ...rest] = p.images;
        return (
          <div className={styles.reveal} data-template="member-landing3">
            <h1>{intl.formatMessage(ml.reveal, { name: p.name })}</h1>
            <p>{facts(p)}</p>
            <SiteRunMark profile={p} />
            <div className={styles.revealGrid}>
              {first && (
                <div className={styles.revealMain}>
                  <SquarePhoto cdnPrefix={settings.settings.cdn_prefix} image={first} sizes={REVEAL_MAIN_SIZES} alt={intl.formatMessage(common.photoOf, { name: p.name })} loading="eager" fetchPriority="high" />
                </div>
              )}
              {rest.slice(0, 4).map((img) => (
                <div key={img.id} className={styles.blurred} aria-hidden="true">
                  <SquarePhoto cdnPrefix={settings.settings.cdn_prefix} image={img} sizes={REVEAL_SIZES} alt="" />
                </div>
              ))}
            </div>
            {rest.length > 0 && <p className={styles.more}>{intl.formatMessage(ml.more, { count: rest.length })}</p>}
            <SignupBox memberId={p.id} />
          </div>
        );
      }}
    />
  );
}
