import * as React from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { chatsAtom, queryKeys, useRemote, type ChatListItem } from '@dating/shared';
import { QueryView, SiteRunMark, ui } from '@dating/shared/ui';
import { ProfilePhoto } from '../common/ProfilePhoto';
import { relativeTime } from '../common/format';
import { useLiveEvents } from '../common/useLiveEvents';
import { ChatPanes, useTwoPanes } from './ChatPanes';
import styles from '../chat.module.css';

/** The list as spec §4 orders it: newest activity first. */
function newestFirst(chats: ChatListItem[]): ChatListItem[] {
  const at = (c: ChatListItem) => (c.conversation.last_message_at ? Date.parse(c.conversation.last_message_at) : 0);
  return [...chats].sort((a, b) => at(b) - at(a) || b.conversation.id - a.conversation.id);
}

/** Re-renders every minute, so "5 minutes ago" stays true. */
function useNow(every = 60_000): number {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}

/**
 * The member's conversations, live (server-sent events; the shell's polling is the fallback): the
 * page /chats on phones, the left pane beside a conversation on wide screens (`current` is the open
 * one; `pane` makes its heading an h2 under the conversation's h1).
 */
export function ChatList({ current = null, pane = false }: { current?: number | null; pane?: boolean }) {
  const { api, href, flags, services, queryClient } = useRemote();
  const intl = useIntl();
  const now = useNow();

  // The list lives in the query cache under the contract's key, which the shell's polling, its live
  // events, the live events below and the header badge share.
  const query = useQuery({ queryKey: queryKeys.chats(), queryFn: async () => (await api.chats()).chats });
  const load = React.useCallback(() => void query.refetch(), [query]);
  const setChats = React.useCallback(
    (update: (list: ChatListItem[] | undefined) => ChatListItem[] | undefined) => queryClient.setQueryData(queryKeys.chats(), update),
    [queryClient],
  );

  // A new message moves its row up and raises the unread count at once; the shell refreshes the
  // list from the server right after.
  useLiveEvents((event) => {
    if (event.type === 'message') {
      setChats((list) => {
        if (!list) return list;
        const row = list.find((c) => c.conversation.id === event.conversation);
        if (!row) {
          load();
          return list;
        }
        const fromThem = event.message.sender === row.profile.id;
        return list.map((c) =>
          c === row
            ? {
                ...c,
                conversation: { ...c.conversation, last_message: event.message.msg, last_message_at: event.message.created_at },
                num_unread_messages: fromThem ? c.num_unread_messages + 1 : c.num_unread_messages,
              }
            : c,
        );
      });
    } else if (event.type === 'chat_removed') {
      setChats((list) => list?.filter((c) => c.conversation.id !== event.conversation) ?? list);
    }
  });

  /** Spec §4/§8: removed here first; when the server refuses, the error is alerted and the list reloaded. */
  const remove = async (chat: ChatListItem) => {
    const confirmed = await services.modal.confirm({
      title: intl.formatMessage({ id: 'chats.deleteTitle', defaultMessage: 'Delete this conversation?' }),
      message: intl.formatMessage(
        { id: 'chats.deleteMessage', defaultMessage: 'The conversation with {name} and its messages so far disappear for you. {name} keeps them.' },
        { name: chat.profile.name },
      ),
      confirmLabel: intl.formatMessage({ id: 'chats.deleteConfirm', defaultMessage: 'Delete' }),
      danger: true,
    });
    if (!confirmed) return;
    setChats((list) => list?.filter((c) => c.conversation.id !== chat.conversation.id) ?? list);
    try {
      await api.deleteChat(chat.conversation.id);
    } catch (error) {
      await services.modal.alert({
        title: intl.formatMessage({ id: 'chats.deleteFailedTitle', defaultMessage: 'The conversation was not deleted' }),
        message: error instanceof Error ? error.message : String(error),
      });
      load();
    }
  };

  const list = newestFirst(query.data ?? []);
  const Heading = pane ? 'h2' : 'h1';
  return (
    <section className={pane ? styles.listSection : ui.view} aria-labelledby="chat-list-title">
      <Heading id="chat-list-title" className={pane ? styles.paneTitle : undefined}>
        <FormattedMessage id="chats.title" defaultMessage="Chats" />
      </Heading>
      <QueryView
        query={query}
        errorTitle={<FormattedMessage id="chats.loadFailed" defaultMessage="Your conversations could not be loaded." />}
        isEmpty={() => list.length === 0}
        empty={
          <div className={ui.notice}>
            <p>
              <FormattedMessage id="chats.empty" defaultMessage="No conversations yet. Say hello to someone you like!" />
            </p>
            {flags.profileSearch && (
              <a className={ui.button} href={href({ name: 'members' })}>
                <FormattedMessage id="chats.findMembers" defaultMessage="Find members to chat with" />
              </a>
            )}
          </div>
        }
      >
        {() => (
          <ul className={styles.list} aria-label={intl.formatMessage({ id: 'chats.listLabel', defaultMessage: 'Your conversations' })}>
            {list.map((chat) => (
              <ChatRow key={chat.conversation.id} chat={chat} now={now} open={chat.conversation.id === current} onDelete={() => void remove(chat)} />
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

function ChatRow({ chat, now, open, onDelete }: { chat: ChatListItem; now: number; open: boolean; onDelete: () => void }) {
  const { href } = useRemote();
  const intl = useIntl();
  const { profile, conversation, num_unread_messages: unread } = chat;
  const who =
    profile.age != null
      ? intl.formatMessage({ id: 'chats.nameAge', defaultMessage: '{name}, {age}' }, { name: profile.name, age: profile.age })
      : profile.name;
  return (
    <li className={`${styles.row} ${open ? styles.openRow : ''}`}>
      <a
        className={styles.rowLink}
        href={href({ name: 'chats-chatId', params: { chatId: conversation.id } })}
        aria-current={open ? 'page' : undefined}
        data-chat-link={conversation.id}
      >
        <ProfilePhoto profile={profile} />
        <span className={styles.rowMain}>
          <span className={styles.rowTop}>
            <span>
              <span className={styles.rowName}>{who}</span> <SiteRunMark profile={profile} />
              {profile.city && <span className={styles.rowMeta}> · {profile.city}</span>}
            </span>
            {conversation.last_message_at && (
              <time className={styles.rowMeta} dateTime={conversation.last_message_at}>
                {relativeTime(intl, conversation.last_message_at, now)}
              </time>
            )}
          </span>
          <span className={`${styles.preview} ${unread ? styles.unreadPreview : ''}`} style={{ display: 'block' }}>
            {conversation.last_message ?? ''}
          </span>
        </span>
        {unread > 0 && (
          <span className={styles.badge}>
            {unread}
            <span className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {' '}
              <FormattedMessage id="chats.unread" defaultMessage="{count, plural, one {unread message} other {unread messages}}" values={{ count: unread }} />
            </span>
          </span>
        )}
      </a>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={intl.formatMessage({ id: 'chats.deleteNamed', defaultMessage: 'Delete the conversation with {name}' }, { name: profile.name })}
        onClick={onDelete}
      >
        <span aria-hidden="true">🗑</span>
      </button>
    </li>
  );
}

/**
 * /chats. On phones the list is the page; on wide screens (see useTwoPanes) the list is the left
 * pane and the right one asks to choose a conversation, which then opens beside the list.
 */
export function ChatsView() {
  const twoPanes = useTwoPanes();
  const chats = useAtomValue(chatsAtom);
  // Without conversations (or before the list is known) there is nothing to choose: one pane.
  if (!twoPanes || !chats?.length) return <ChatList />;
  return (
    <ChatPanes list={<ChatList />}>
      <p className={styles.choose}>
        <FormattedMessage id="chats.choose" defaultMessage="Choose a conversation to read it here." />
      </p>
    </ChatPanes>
  );
}
