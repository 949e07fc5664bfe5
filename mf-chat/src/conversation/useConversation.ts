import * as React from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { ApiError, chatsAtom, TYPING_EXPIRE_MS, useRemote, userAtom, type Message, type Presence, type PublicProfile } from '@dating/shared';
import { newClientId } from '../common/format';
import { useLiveEvents } from '../common/useLiveEvents';

/** One page of history. */
export const PAGE_SIZE = 50;
/** Without live events the newest page is fetched again this often (the fallback). */
const POLL_MS = 15_000;

export type SendStatus = 'sending' | 'sent' | 'read' | 'failed';

/** A message as the view shows it: from the server, or on its way there. */
export interface ChatItem {
  /** Stable across the optimistic copy and the stored message: the client id when there is one. */
  key: string;
  id: number | null;
  clientId: string | null;
  sender: number;
  msg: string;
  createdAt: string;
  status: SendStatus;
}

export type Phase = 'loading' | 'ready' | 'missing' | 'error';

function fromServer(m: Message, me: number): ChatItem {
  return {
    key: m.client_id ?? `m${m.id}`,
    id: m.id,
    clientId: m.client_id ?? null,
    sender: m.sender,
    msg: m.msg,
    createdAt: m.created_at,
    status: m.sender === me ? (m.read ? 'read' : 'sent') : 'sent',
  };
}

/** Stored messages in id order, then those still on their way; no message twice. */
function merge(current: ChatItem[], incoming: ChatItem[]): ChatItem[] {
  const byKey = new Map<string, ChatItem>();
  for (const item of current) byKey.set(item.key, item);
  for (const item of incoming) {
    const old = byKey.get(item.key);
    // A read receipt never goes back to "sent" because an older answer arrives late.
    byKey.set(item.key, old?.status === 'read' && item.status === 'sent' ? { ...item, status: 'read' } : item);
  }
  const all = [...byKey.values()];
  const stored = all.filter((i) => i.id !== null).sort((a, b) => a.id! - b.id!);
  const pending = all.filter((i) => i.id === null);
  return [...stored, ...pending];
}

export interface ConversationState {
  phase: Phase;
  conversationId: number | null;
  profile: PublicProfile | null;
  items: ChatItem[];
  hasMore: boolean;
  loadingOlder: boolean;
  typing: boolean;
  presence: Presence | null;
  /** Set when a send was refused for want of credits: the text goes back into the composer. */
  insufficient: boolean;
  /** Balance after the last send (the composer shows it). */
  balance: number | null;
  loadOlder(): Promise<void>;
  send(text: string): Promise<'sent' | 'insufficient' | 'failed'>;
  retry(item: ChatItem): Promise<void>;
  reload(): void;
}

/**
 * One conversation: history paged backwards, optimistic sends with a client id (a retry is the
 * same message, charged once), read receipts, typing and presence from the live events, the
 * newest page polled as the fallback. `conversationId` null: a first message to `initialProfile`
 * creates the conversation (onCreated tells the view).
 */
export function useConversation(
  conversationId: number | null,
  initialProfile: PublicProfile | null,
  onCreated?: (id: number) => void,
): ConversationState {
  const { api, store } = useRemote();
  const setChats = useSetAtom(chatsAtom, { store });
  const me = React.useRef(0);
  const [conversation, setConversation] = React.useState(conversationId);
  const [phase, setPhase] = React.useState<Phase>(conversationId === null ? 'ready' : 'loading');
  const [profile, setProfile] = React.useState<PublicProfile | null>(initialProfile);
  const [items, setItems] = React.useState<ChatItem[]>([]);
  const [hasMore, setHasMore] = React.useState(false);
  const [loadingOlder, setLoadingOlder] = React.useState(false);
  const [typingUntil, setTypingUntil] = React.useState(0);
  const [presence, setPresence] = React.useState<Presence | null>(null);
  const [insufficient, setInsufficient] = React.useState(false);
  const [balance, setBalance] = React.useState<number | null>(null);
  const [attempt, setAttempt] = React.useState(0);
  const live = React.useRef(true);
  React.useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const user = useAtomValue(userAtom, { store });
  const myId = user?.profile.id ?? 0;
  React.useLayoutEffect(() => {
    me.current = myId;
  }, [myId]);

  // Another conversation (the route changed): taken over while rendering, history from scratch.
  const [shownId, setShownId] = React.useState(conversationId);
  if (shownId !== conversationId) {
    setShownId(conversationId);
    setConversation(conversationId);
    if (conversationId !== null) {
      setPhase('loading');
      setItems([]);
    }
  }

  /** Opening a conversation sets its unread count to 0 (spec §4): the badge follows at once. */
  const markRead = React.useCallback(
    (id: number) => {
      setChats((list) => list?.map((c) => (c.conversation.id === id ? { ...c, num_unread_messages: 0 } : c)) ?? list);
      api.markRead(id).catch((error: unknown) => console.error('read.php failed', error));
    },
    [api, setChats],
  );

  // The answer is taken in the promise's callbacks, never synchronously in the effect that loads.
  const loadNewest = React.useCallback(
    (id: number, first: boolean): Promise<void> =>
      api.messages(id, undefined, PAGE_SIZE).then(
        (page) => {
          if (!live.current) return;
          setProfile(page.profile);
          setItems((current) => merge(first ? current.filter((i) => i.id === null) : current, page.messages.map((m) => fromServer(m, me.current))));
          if (first) setHasMore(page.has_more);
          setPhase('ready');
          const last = page.messages[page.messages.length - 1];
          if (first || (last && last.sender !== me.current && !last.read)) markRead(id);
        },
        (error: unknown) => {
          if (!live.current) return;
          if (first) setPhase(error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'missing' : 'error');
          else console.error('messages.php failed', error);
        },
      ),
    [api, markRead],
  );

  // The newest page of the conversation (again on reload(), which resets the history itself).
  React.useEffect(() => {
    if (conversationId === null) return;
    void loadNewest(conversationId, true);
  }, [conversationId, loadNewest, attempt]);

  // Presence of the other member (then live presence events keep it current).
  const profileId = profile?.id ?? null;
  React.useEffect(() => {
    if (profileId === null || conversation === null) return;
    let cancelled = false;
    api.presence(profileId).then(
      (p) => !cancelled && setPresence(p),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [api, profileId, conversation]);

  // The fallback: the newest page again now and then, while the page is visible.
  React.useEffect(() => {
    if (conversation === null || phase !== 'ready') return;
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState === 'visible') void loadNewest(conversation, false);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [conversation, phase, loadNewest]);

  useLiveEvents((event) => {
    if (event.type === 'presence' && event.presence.profile === profileId) setPresence(event.presence);
    if (conversation === null || !('conversation' in event) || event.conversation !== conversation) return;
    switch (event.type) {
      case 'message':
        setItems((current) => merge(current, [fromServer(event.message, me.current)]));
        if (event.message.sender !== me.current) {
          setTypingUntil(0);
          if (typeof document === 'undefined' || document.visibilityState === 'visible') markRead(conversation);
        }
        return;
      case 'read':
        if (event.reader === me.current) return;
        setItems((current) =>
          current.map((i) => (i.sender === me.current && i.id !== null && i.id <= event.up_to ? { ...i, status: 'read' } : i)),
        );
        return;
      case 'typing':
        setTypingUntil(Date.now() + TYPING_EXPIRE_MS);
        return;
      case 'chat_removed':
        setPhase('missing');
        return;
    }
  });

  // The typing indicator expires by itself.
  React.useEffect(() => {
    if (!typingUntil) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  const loadOlder = React.useCallback(async () => {
    if (conversation === null || loadingOlder || !hasMore) return;
    const oldest = items.find((i) => i.id !== null);
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const page = await api.messages(conversation, oldest.id!, PAGE_SIZE);
      if (!live.current) return;
      setItems((current) => merge(current, page.messages.map((m) => fromServer(m, me.current))));
      setHasMore(page.has_more);
    } catch (error) {
      console.error('older messages failed', error);
    } finally {
      if (live.current) setLoadingOlder(false);
    }
  }, [api, conversation, hasMore, items, loadingOlder]);

  const deliver = React.useCallback(
    async (item: ChatItem): Promise<'sent' | 'insufficient' | 'failed'> => {
      try {
        const to = conversation ?? (profile ? { profile: profile.id } : null);
        if (to === null) return 'failed';
        const answer = await api.sendMessage(to, item.msg, item.clientId ?? undefined);
        if (!live.current) return 'sent';
        setBalance(answer.credits);
        setItems((current) => merge(current.filter((i) => i.key !== item.key), [fromServer(answer.message, me.current)]));
        if (conversation === null) {
          setConversation(answer.message.conversation);
          onCreated?.(answer.message.conversation);
        }
        return 'sent';
      } catch (error) {
        if (!live.current) return 'failed';
        if (error instanceof ApiError && error.status === 402) {
          // Nothing was stored or charged: the message leaves the list and its text goes back.
          setItems((current) => current.filter((i) => i.key !== item.key));
          setInsufficient(true);
          return 'insufficient';
        }
        if (error instanceof ApiError && error.status === 403) setPhase('missing');
        setItems((current) => current.map((i) => (i.key === item.key ? { ...i, status: 'failed' } : i)));
        return 'failed';
      }
    },
    [api, conversation, onCreated, profile],
  );

  const send = React.useCallback(
    async (text: string) => {
      setInsufficient(false);
      const clientId = newClientId();
      const item: ChatItem = {
        key: clientId,
        id: null,
        clientId,
        sender: me.current,
        msg: text,
        createdAt: new Date().toISOString(),
        status: 'sending',
      };
      setItems((current) => [...current, item]);
      return deliver(item);
    },
    [deliver],
  );

  const retry = React.useCallback(
    async (item: ChatItem) => {
      // The same client id: if the first attempt reached the server after all, this is that message.
      setItems((current) => current.map((i) => (i.key === item.key ? { ...i, status: 'sending' } : i)));
      await deliver({ ...item, status: 'sending' });
    },
    [deliver],
  );

  return {
    phase,
    conversationId: conversation,
    profile,
    items,
    hasMore,
    loadingOlder,
    typing: typingUntil > 0,
    presence,
    insufficient,
    balance,
    loadOlder,
    send,
    retry,
    reload: () => {
      if (conversationId !== null) {
        setPhase('loading');
        setItems([]);
      }
      setAttempt((n) => n + 1);
    },
  };
}
