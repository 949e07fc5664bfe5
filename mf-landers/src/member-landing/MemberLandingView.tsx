import { useIntl } from 'react-intl';
import { useRemote, type PublicProfile } from '@dating/shared';
import { QueryView, SiteRunMark } from '@dating/shared/ui';
import { SignupBox } from '../common/SignupBox';
import { common } from '../common/messages';
import { photoUrl } from '../common/photos';
import { ml } from './messages';
import { useMember } from './useMember';
import styles from './MemberLanding.module.css';

function facts(p: PublicProfile): string {
  return [p.age, p.city].filter(Boolean).join(', ');
}

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
                  <img src={photoUrl(settings, img.thumb_filename)} alt={intl.formatMessage(common.photoOf, { name: p.name })} loading={i ? 'lazy' : 'eager'} />
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
          {p.main_image && <img className={styles.inviteBg} src={photoUrl(settings, p.main_image.thumb_filename)} alt="" />}
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
              {first && <img className={styles.revealMain} src={photoUrl(settings, first.thumb_filename)} alt={intl.formatMessage(common.photoOf, { name: p.name })} />}
              {rest.slice(0, 4).map((img) => (
                <img key={img.id} className={styles.blurred} src={photoUrl(settings, img.thumb_filename)} alt="" aria-hidden="true" />
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
