import * as React from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote, userAtom, type MessageCost, type Presence, type PublicProfile } from '@dating/shared';
import { Loading, ui } from '@dating/shared/ui';
import { ProfilePhoto } from '../common/ProfilePhoto';
import { relativeTime } from '../common/format';
import { BlockButton, ReportPanel } from '../safety/Safety';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { useConversation, type ChatItem } from './useConversation';
import styles from '../chat.module.css';

function PresenceLine({ presence }: { presence: Presence | null }) {
  const intl = useIntl();
  if (!presence || presence.hidden) return null;
  return (
    <p className={`${styles.presence} ${presence.online ? styles.online : ''}`}>
      {presence.online ? (
        <FormattedMessage id="presence.online" defaultMessage="Online now" />
      ) : presence.last_seen ? (
        <FormattedMessage id="presence.lastSeen" defaultMessage="Last seen {when}" values={{ when: relativeTime(intl, presence.last_seen) }} />
      ) : null}
      {presence.city && (presence.online || presence.last_seen) ? ` · ${presence.city}` : null}
    </p>
  );
}

/** Not found, or no longer there (blocked, deleted): one honest message and a way back. */
export function ConversationNotFound() {
  const { href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="chat.notFound" defaultMessage="Conversation not found" />
      </h1>
      <p>
        <FormattedMessage id="chat.notFoundText" defaultMessage="This conversation does not exist, or is no longer available." />
      </p>
      <p>
        <a href={href({ name: 'chats' })}>
          <FormattedMessage id="chat.back" defaultMessage="Back to all chats" />
        </a>
      </p>
    </section>
  );
}

/**
 * A conversation: header (the member, a link to their profile, presence, block and report), the
 * history, the typing indicator and the composer with the price of a message.
 */
export function Conversation({
  conversationId,
  profile: initialProfile,
  onCreated,
}: {
  conversationId: number | null;
  profile: PublicProfile | null;
  onCreated?: (id: number) => void;
}) {
  const { api, href, services, navigate, routeName, params } = useRemote();
  const intl = useIntl();
  const user = useAtomValue(userAtom);
  const me = user?.profile.id ?? 0;
  const c = useConversation(conversationId, initialProfile, onCreated);
  const [cost, setCost] = React.useState<MessageCost | null>(null);
  const [reporting, setReporting] = React.useState<ChatItem | 'member' | null>(null);

  React.useEffect(() => {
    let cancelled = false;
    api.messageCost().then(
      (value) => !cancelled && setCost(value),
      (error: unknown) => console.error('message_cost.php failed', error),
    );
    return () => {
      cancelled = true;
    };
  }, [api]);

  // Spec §3: the last opened chat (the other member) and when, in client state.
  const profileId = c.profile?.id;
  React.useEffect(() => {
    if (profileId) services.storage.set('lastChat', { profile: profileId, date: new Date().toISOString() });
  }, [profileId, services.storage]);

  if (c.phase === 'missing') return <ConversationNotFound />;
  if (c.phase === 'error') {
    return (
      <section className={ui.view}>
        <div className={ui.alert} role="alert">
          <p>
            <FormattedMessage id="chat.loadFailed" defaultMessage="This conversation could not be loaded." />
          </p>
          <button type="button" className={ui.button} onClick={c.reload}>
            <FormattedMessage id="common.retry" defaultMessage="Try again" />
          </button>
        </div>
      </section>
    );
  }
  if (c.phase === 'loading' || !c.profile) {
    return (
      <Loading>
        <FormattedMessage id="common.loading" defaultMessage="Loading…" />
      </Loading>
    );
  }

  const profile = c.profile;
  const here =
    routeName === 'members-memberId-chat' ? `/members/${params.memberId}/chat` : `/chats/${c.conversationId ?? params.chatId ?? ''}`;
  const mine = c.items.some((i) => i.sender === me && i.id !== null);
  return (
    <section className={styles.conversation} aria-labelledby="chat-with">
      <header className={styles.header}>
        <a href={href({ name: 'chats' })} className={styles.iconButton} aria-label={intl.formatMessage({ id: 'chat.back', defaultMessage: 'Back to all chats' })}>
          <span aria-hidden="true">←</span>
        </a>
        <ProfilePhoto profile={profile} size={40} />
        <div className={styles.headerMain}>
          <h1 id="chat-with">
            <a href={href({ name: 'members-memberId', params: { memberId: profile.id } })}>
              {profile.age != null
                ? intl.formatMessage({ id: 'chats.nameAge', defaultMessage: '{name}, {age}' }, { name: profile.name, age: profile.age })
                : profile.name}
            </a>
          </h1>
          <PresenceLine presence={c.presence} />
        </div>
        <div className={styles.headerActions}>
          <button type="button" className={styles.iconButton} onClick={() => setReporting('member')}>
            <FormattedMessage id="safety.report" defaultMessage="Report" />
          </button>
          <BlockButton profile={profile} onBlocked={() => navigate({ name: 'chats' })} />
        </div>
      </header>
      {reporting && (
        <ReportPanel
          profile={profile}
          message={reporting === 'member' ? null : reporting}
          onDone={() => setReporting(null)}
        />
      )}
      {c.items.length === 0 ? (
        <div className={styles.scroller}>
          <p className={ui.notice}>
            <FormattedMessage id="chat.empty" defaultMessage="No messages yet. Say hello to {name}!" values={{ name: profile.name }} />
          </p>
        </div>
      ) : (
        <MessageList
          items={c.items}
          me={me}
          hasMore={c.hasMore}
          loadingOlder={c.loadingOlder}
          onLoadOlder={() => void c.loadOlder()}
          onRetry={(item) => void c.retry(item)}
          onReport={(item) => setReporting(item)}
          label={intl.formatMessage({ id: 'chat.historyLabel', defaultMessage: 'Messages with {name}' }, { name: profile.name })}
        />
      )}
      <p className={styles.typing} aria-live="polite">
        {c.typing && <FormattedMessage id="chat.typing" defaultMessage="{name} is typing…" values={{ name: profile.name }} />}
      </p>
      <Composer
        draftKey={c.conversationId ? `c${c.conversationId}` : `p${profile.id}`}
        onSend={c.send}
        onTyping={c.conversationId ? () => void api.typing(c.conversationId!).catch(() => undefined) : undefined}
        cost={cost}
        balance={c.balance}
        creditsHref={href({ name: 'credits', query: { next: here } })}
        showPrice={!mine}
        refused={c.insufficient}
      />
    </section>
  );
}
