import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { newLikesCountAtom, unreadMessagesCountAtom, useRemote, type NotificationSchema } from '@dating/shared';
import { QueryView, SiteRunMark, ui } from '@dating/shared/ui';
import type { z } from 'zod';
import { SquarePhoto } from '@dating/shared/ui';
import styles from '../common/likes.module.css';

type Notification = z.infer<typeof NotificationSchema>;

/** The hash the mail-change flow sends a member to when the confirmation link was wrong (spec §2). */
export const EMAIL_CHANGE_INCORRECT = 'email-change-incorrect';

/** Account notices this page knows how to say; others get a general line. `detail` is the moderator's reason, in the member's language. */
function AccountNotice({ notice, detail }: { notice: string | null; detail?: string | null }) {
  const reason = detail ?? '';
  switch (notice) {
    case 'moderation-rejected-photo':
      return (
        <FormattedMessage
          id="notifications.notice.rejectedPhoto"
          defaultMessage="Your photo was not approved; you can upload another one. Reason: {reason}"
          values={{ reason }}
        />
      );
    case 'moderation-rejected-name':
      return (
        <FormattedMessage
          id="notifications.notice.rejectedName"
          defaultMessage="Your new name was not approved; you can choose another one. Reason: {reason}"
          values={{ reason }}
        />
      );
    case 'moderation-rejected-personal':
      return (
        <FormattedMessage
          id="notifications.notice.rejectedPersonal"
          defaultMessage="Your new profile text was not approved; you can write it again. Reason: {reason}"
          values={{ reason }}
        />
      );
    case EMAIL_CHANGE_INCORRECT:
      return (
        <FormattedMessage
          id="notifications.emailChangeIncorrect"
          defaultMessage="The link to change your email address is incorrect or has expired. Your email address has not been changed."
        />
      );
    case 'email-changed':
      return <FormattedMessage id="notifications.notice.emailChanged" defaultMessage="Your email address has been changed." />;
    case 'password-changed':
      return <FormattedMessage id="notifications.notice.passwordChanged" defaultMessage="Your password has been changed." />;
    case 'welcome':
      return <FormattedMessage id="notifications.notice.welcome" defaultMessage="Welcome! Your account is ready." />;
    default:
      return <FormattedMessage id="notifications.notice.other" defaultMessage="There is news about your account." />;
  }
}

function Item({ n }: { n: Notification }) {
  const { href, settings } = useRemote();
  const intl = useIntl();
  const name = n.profile?.name ?? intl.formatMessage({ id: 'notifications.someone', defaultMessage: 'Someone' });
  const main = n.profile?.main_image;
  let text: React.ReactNode;
  let link: string | null = null;
  if (n.type === 'like') {
    text = <FormattedMessage id="notifications.like" defaultMessage="{name} liked you" values={{ name }} />;
    if (n.profile) link = href({ name: 'likes-m-memberId', params: { memberId: n.profile.id } });
  } else if (n.type === 'message') {
    text = <FormattedMessage id="notifications.message" defaultMessage="New message from {name}" values={{ name }} />;
    if (n.conversation) link = href({ name: 'chats-chatId', params: { chatId: n.conversation } });
  } else {
    text = <AccountNotice notice={n.notice} detail={n.detail} />;
  }
  const when = Date.parse(n.created_at);
  return (
    <li className={`${styles.item} ${n.read ? '' : styles.unread}`} data-type={n.type}>
      {n.profile ? (
        main?.thumb_filename ? (
          <SquarePhoto className={styles.thumb} cdnPrefix={settings.settings.cdn_prefix} image={main} sizes="3.5rem" px={56} alt="" />
        ) : (
          <span className={styles.thumb} aria-hidden="true">
            {n.profile.name.slice(0, 1).toUpperCase()}
          </span>
        )
      ) : (
        <span className={styles.thumb} aria-hidden="true">
          ℹ
        </span>
      )}
      <div className={styles.main}>
        {link ? (
          <a className={styles.name} href={link}>
            {text}
          </a>
        ) : (
          <span className={styles.name}>{text}</span>
        )}
        {n.profile && (
          <>
            {' '}
            <SiteRunMark profile={n.profile} />
          </>
        )}
        {!n.read && (
          <span className={styles.badge}>
            <FormattedMessage id="notifications.new" defaultMessage="New" />
          </span>
        )}
        {Number.isFinite(when) && (
          <p className={styles.meta}>
            <time dateTime={n.created_at}>{intl.formatDate(when, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * While the page is open, new likes and messages appear in the list as they arrive: whenever the
 * shell's counts behind the navigation's badges (new likes, unread messages) go up, fed by the live
 * events or, without them, by the shell's polling, the list is loaded again.
 */
function useRefetchOnNews(refetch: () => unknown) {
  // The shell's first counts may arrive after the list (its polling starts a second after the
  // member is known): a like in that second counts too. A reload keeps this visit's New marks.
  const news = useAtomValue(newLikesCountAtom) + useAtomValue(unreadMessagesCountAtom);
  const seen = React.useRef(news);
  React.useEffect(() => {
    const before = seen.current;
    seen.current = news;
    if (news > before) void refetch();
  }, [news, refetch]);
}

/** /notifications: new likes, new messages and account notices, newest first; opening it marks them read. */
export function NotificationsView() {
  const { api, hash } = useRemote();
  const intl = useIntl();
  // What this visit showed as new stays marked new when the list is loaded again while open.
  const shownNew = React.useRef(new Set<number>());
  const load = useQuery({
    queryKey: ['mf-likes-notifications', 'notifications'],
    queryFn: async () => {
      try {
        const { notifications } = await api.notifications();
        const list = [...notifications]
          .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
          .map((n) => (n.read && shownNew.current.has(n.id) ? { ...n, read: false } : n));
        for (const n of list) if (!n.read) shownNew.current.add(n.id);
        // Seen now: the next visit shows them as read; this one keeps its "New" marks.
        if (notifications.some((n) => !n.read)) {
          api.markNotificationsRead().catch((error) => console.error('notifications could not be marked read', error));
        }
        return list;
      } catch (error) {
        console.error('notifications could not be loaded', error);
        throw error;
      }
    },
    staleTime: 0,
  });
  useRefetchOnNews(load.refetch);

  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="notifications.title" defaultMessage="Notifications" />
      </h1>
      {hash === EMAIL_CHANGE_INCORRECT && (
        <div role="alert" className={ui.alert}>
          <AccountNotice notice={EMAIL_CHANGE_INCORRECT} />
        </div>
      )}
      <QueryView
        query={load}
        loading={<FormattedMessage id="notifications.loading" defaultMessage="Loading your notifications…" />}
        errorTitle={<FormattedMessage id="notifications.failed" defaultMessage="Your notifications could not be loaded." />}
        isEmpty={(list) => list.length === 0}
        empty={
          <p className={ui.notice}>
            <FormattedMessage id="notifications.empty" defaultMessage="No notifications yet. New likes and messages will show up here." />
          </p>
        }
      >
        {(list) => (
          <ul className={styles.list} aria-label={intl.formatMessage({ id: 'notifications.title', defaultMessage: 'Notifications' })}>
            {list.map((n) => (
              <Item key={n.id} n={n} />
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
