// Profiles the site runs itself (members.fictional), disclosed by construction: every place that
// shows a profile to a member puts <SiteRunMark> beside its name, and every signup form and lander
// states before signup that the site runs such profiles (<SiteRunDisclosure>). The site's
// `fictional_icon` setting only chooses how the mark looks; no setting hides it.
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
// From the package, not '../mount': the kit is bundled into each remote, @dating/shared is the shared singleton.
import { useRemote } from '@dating/shared';
import styles from './ui.module.css';

// Plain descriptors: defineMessages' types refuse the placeholders these messages have.
const m: Record<'mark' | 'markTitle' | 'disclosure' | 'explain', MessageDescriptor> = defineMessages({
  mark: { id: 'ui.siteRun.mark', defaultMessage: 'Run by the site' },
  markTitle: {
    id: 'ui.siteRun.markTitle',
    defaultMessage: '{brand} runs this profile itself: its messages are written by the site’s team, and you cannot meet this person in real life.',
  },
  disclosure: {
    id: 'ui.siteRun.disclosure',
    defaultMessage: '{brand} also shows profiles that it runs itself; you cannot meet them in real life. They are always marked “{mark}”.',
  },
  explain: { id: 'ui.siteRun.explain', defaultMessage: 'How profiles run by the site work' },
});

/**
 * The mark of a site-run profile, or nothing for a member's own profile. With `fictional_icon` on:
 * an icon and the short words; off: the words alone. `overlay` places it on a photo.
 */
export function SiteRunMark({ profile, overlay = false, className }: { profile: { fictional: boolean }; overlay?: boolean; className?: string }) {
  const { settings } = useRemote();
  const intl = useIntl();
  if (!profile.fictional) return null;
  const icon = settings.settings.fictional_icon;
  return (
    <span
      className={`${styles.siteRunMark} ${overlay ? styles.siteRunMarkOverlay : ''} ${className ?? ''}`}
      data-site-run-mark={icon ? 'icon' : 'words'}
      title={intl.formatMessage(m.markTitle, { brand: settings.theme.brandName })}
    >
      {icon && (
        <span className={styles.siteRunIcon} aria-hidden="true">
          ✦
        </span>
      )}
      {intl.formatMessage(m.mark)}
    </span>
  );
}

/** The words of the mark, for places that can only hold text (a push notice, a title). */
export function useSiteRunLabel(): string {
  return useIntl().formatMessage(m.mark);
}

/**
 * The statement before signup: the site also runs profiles of its own, how they are marked, and a
 * link to the page that explains them (/pages/site-run).
 */
export function SiteRunDisclosure({ className }: { className?: string }) {
  const { settings, href } = useRemote();
  const intl = useIntl();
  return (
    <p className={`${styles.siteRunDisclosure} ${className ?? ''}`} data-site-run-disclosure="">
      {intl.formatMessage(m.disclosure, { brand: settings.theme.brandName, mark: intl.formatMessage(m.mark) })}{' '}
      <a href={href({ name: 'pages-site-run' })}>{intl.formatMessage(m.explain)}</a>
    </p>
  );
}
