import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { profileComplete, useKnownUser, useRemote, type Presence, type PublicProfile } from '@dating/shared';
import { QueryView, SiteRunMark, ui } from '@dating/shared/ui';
import { ProfilePhoto } from '../common/ProfilePhoto';
import { relativeTime } from '../common/format';
import { BlockButton, ReportPanel } from '../safety/Safety';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { itemsOf, type ChatItem, type History } from './history';
import { isMissing, useConversationEvents, useHistory, useMarkRead, useMe, useMessageCost, useNewestPoll, usePresence, useSendMessage } from './queries';
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
 * history, the typing indicator and the composer with the price of a message. The history is a
 * TanStack infinite query paged backwards; sends are optimistic mutations; live events go into the
 * query cache.
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
  const history = useHistory(conversationId, initialProfile);
  // Refused (403) or removed while open: no longer there.
  const [gone, setGone] = React.useState(false);
  const onGone = React.useCallback(() => setGone(true), []);
  const events = useConversationEvents(conversationId, history.data?.pages[0]?.profile.id ?? initialProfile?.id ?? null, onGone);
  useNewestPoll(conversationId, history.isSuccess && !gone);

  if (gone || (history.isError && isMissing(history.error))) return <ConversationNotFound />;
  return (
    <QueryView
      query={history}
      errorTitle={<FormattedMessage id="chat.loadFailed" defaultMessage="This conversation could not be loaded." />}
    >
      {(data) => (
        <ConversationPage
          conversationId={conversationId}
          history={data}
          typing={events.typing}
          loadOlder={() => {
            if (history.hasNextPage && !history.isFetchingNextPage) void history.fetchNextPage();
          }}
          loadingOlder={history.isFetchingNextPage}
          hasMore={Boolean(history.hasNextPage)}
          onCreated={onCreated}
          onGone={onGone}
        />
      )}
    </QueryView>
  );
}

function ConversationPage({
  conversationId,
  history,
  typing,
  hasMore,
  loadingOlder,
  loadOlder,
  onCreated,
  onGone,
}: {
  conversationId: number | null;
  history: History;
  typing: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  onCreated?: (id: number) => void;
  onGone: () => void;
}) {
  const { api, href, services, navigate, routeName, params } = useRemote();
  const member = useKnownUser();
  const intl = useIntl();
  const me = useMe();
  const profile = history.pages[0]!.profile;
  const items = React.useMemo(() => itemsOf(history), [history]);
  const cost = useMessageCost().data ?? null;
  const presence = usePresence(profile.id, conversationId !== null);
  const send = useSendMessage({ conversationId, profile, onCreated, onGone });
  const [reporting, setReporting] = React.useState<ChatItem | 'member' | null>(null);

  let newestIncoming = 0;
  for (const i of items) if (i.sender !== me && i.id !== null && i.id > newestIncoming) newestIncoming = i.id;
  useMarkRead(conversationId, newestIncoming);

  // Spec §3: the last opened chat (the other member) and when, in client state.
  React.useEffect(() => {
    services.storage.set('lastChat', { profile: profile.id, date: new Date().toISOString() });
  }, [profile.id, services.storage]);

  const here = routeName === 'members-memberId-chat' ? `/members/${params.memberId}/chat` : `/chats/${conversationId ?? params.chatId ?? ''}`;
  const mine = items.some((i) => i.sender === me && i.id !== null);
  return (
    <section className={styles.conversation} aria-labelledby="chat-with">
      <header className={styles.header}>
        <a href={href({ name: 'chats' })} className={`${styles.iconButton} ${styles.back}`} aria-label={intl.formatMessage({ id: 'chat.back', defaultMessage: 'Back to all chats' })}>
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
          <SiteRunMark profile={profile} />
          <PresenceLine presence={presence ?? null} />
        </div>
        <div className={styles.headerActions}>
          <button type="button" className={styles.iconButton} onClick={() => setReporting('member')}>
            <FormattedMessage id="safety.report" defaultMessage="Report" />
          </button>
          <BlockButton profile={profile} onBlocked={() => navigate({ name: 'chats' })} />
        </div>
      </header>
      {reporting && <ReportPanel profile={profile} message={reporting === 'member' ? null : reporting} onDone={() => setReporting(null)} />}
      {items.length === 0 ? (
        <div className={styles.scroller}>
          <p className={ui.notice}>
            <FormattedMessage id="chat.empty" defaultMessage="No messages yet. Say hello to {name}!" values={{ name: profile.name }} />
          </p>
        </div>
      ) : (
        <MessageList
          items={items}
          me={me}
          hasMore={hasMore}
          loadingOlder={loadingOlder}
          onLoadOlder={loadOlder}
          onRetry={(item) => void send.retry(item)}
          onReport={(item) => setReporting(item)}
          label={intl.formatMessage({ id: 'chat.historyLabel', defaultMessage: 'Messages with {name}' }, { name: profile.name })}
        />
      )}
      <p className={styles.typing} aria-live="polite">
        {typing && <FormattedMessage id="chat.typing" defaultMessage="{name} is typing…" values={{ name: profile.name }} />}
      </p>
      {member && !profileComplete(member.profile) ? (
        // Skipped signup steps: a friendly word and the way to the place where they are added.
        <div role="note" className={ui.notice}>
          <p>
            <FormattedMessage
              id="chat.completeProfile"
              defaultMessage="Before you send messages, add your gender and date of birth to your profile. It takes a moment, and members then know who writes to them."
            />
          </p>
          <a className={ui.button} href={href({ name: 'profile', hash: 'personal' })}>
            <FormattedMessage id="chat.completeProfileLink" defaultMessage="Complete my profile" />
          </a>
        </div>
      ) : (
      <Composer
        draftKey={conversationId ? `c${conversationId}` : `p${profile.id}`}
        onSend={send.send}
        onTyping={conversationId ? () => void api.typing(conversationId).catch(() => undefined) : undefined}
        cost={cost}
        creditsHref={href({ name: 'credits', query: { next: here } })}
        showPrice={!mine}
        refused={send.insufficient}
        overQuota={send.quota}
      />
      )}
    </section>
  );
}
