import * as React from 'react';
import { useAtomValue } from 'jotai';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, liveStreamOpenAtom, queryKeys, TYPING_EXPIRE_MS, useRemote, userAtom, type MessageCost, type Presence, type PublicProfile } from '@dating/shared';
import { newClientId } from '../common/format';
import { useLiveEvents } from '../common/useLiveEvents';
import {
  emptyHistory,
  fromServer,
  historyKey,
  mapItems,
  markReadUpTo,
  messageCostKey,
  olderThan,
  PAGE_SIZE,
  pendingOf,
  presenceKey,
  upsert,
  type ChatItem,
  type History,
  type HistoryPage,
} from './history';

/** Without live events the newest page is fetched again this often (the fallback). */
const POLL_MS = 15_000;

/** The signed-in member's id (0 while unknown). */
export function useMe(): number {
  const { store } = useRemote();
  return useAtomValue(userAtom, { store })?.profile.id ?? 0;
}

/** A page the conversation cannot be shown for: gone (404/400) rather than a failure to retry. */
export const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * The history on TanStack Query: the newest page first, older pages fetched backwards (by the
 * oldest message id of the last page). A conversation not created yet (`conversationId` null) is
 * an empty history for the member, never fetched. A refetch keeps the messages still on their way.
 */
export function useHistory(conversationId: number | null, initialProfile: PublicProfile | null) {
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const me = useMe();
  const key = historyKey(conversationId, initialProfile?.id ?? null);
  return useInfiniteQuery<HistoryPage, Error, History, readonly unknown[], number>({
    queryKey: key,
    enabled: conversationId !== null,
    // The history of a conversation not created yet lives only as long as its page.
    gcTime: conversationId === null ? 0 : undefined,
    initialData: conversationId === null && initialProfile ? emptyHistory(initialProfile) : undefined,
    initialPageParam: 0,
    getNextPageParam: (last: HistoryPage) => olderThan(last),
    queryFn: async ({ pageParam }): Promise<HistoryPage> => {
      const page = await api.messages(conversationId!, pageParam || undefined, PAGE_SIZE);
      const items = page.messages.map((m) => fromServer(m, me));
      const pending = pageParam ? [] : pendingOf(queryClient.getQueryData<History>(key)).filter((p) => !items.some((i) => i.key === p.key));
      return { profile: page.profile, hasMore: page.has_more, items: [...items, ...pending] };
    },
  });
}

/**
 * The fallback for missed live events: the newest page again every POLL_MS while the page is
 * visible and the event stream is not open (no polling beside an open stream), merged
 * into the history (the older pages stay as they are; refetching them all would cost one request
 * per page). When the stream comes back after a drop, the newest page is read once for what it missed.
 */
export function useNewestPoll(conversationId: number | null, enabled: boolean) {
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const me = useMe();
  const streamOpen = useAtomValue(liveStreamOpenAtom);
  const { refetch } = useQuery({
    queryKey: ['mf-chat', 'newest', conversationId],
    enabled: enabled && conversationId !== null,
    // The history's own first fetch is the first answer: the poll starts one interval later.
    initialData: 0,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: POLL_MS,
    refetchInterval: streamOpen ? false : POLL_MS,
    queryFn: async () => {
      const page = await api.messages(conversationId!, undefined, PAGE_SIZE);
      queryClient.setQueryData<History>(historyKey(conversationId, null), (h) => upsert(h, page.messages.map((m) => fromServer(m, me))));
      return page.messages[page.messages.length - 1]?.id ?? 0;
    },
  });
  const wasOpen = React.useRef(streamOpen);
  React.useEffect(() => {
    if (streamOpen && !wasOpen.current && enabled && conversationId !== null) void refetch();
    wasOpen.current = streamOpen;
  }, [streamOpen, enabled, conversationId, refetch]);
}

/** The price of a message and the member's balance (kept current by sends and purchases). */
export function useMessageCost() {
  const { api } = useRemote();
  return useQuery({ queryKey: messageCostKey(), queryFn: () => api.messageCost(), staleTime: 0 });
}

/** The other member's presence, fetched once, then kept current by live presence events. */
export function usePresence(profileId: number | null, enabled: boolean) {
  const { api } = useRemote();
  return useQuery({
    queryKey: presenceKey(profileId),
    enabled: enabled && profileId !== null,
    queryFn: () => api.presence(profileId!),
  }).data;
}

export type SendResult = 'sent' | 'insufficient' | 'quota' | 'failed';

/** The member started as many new conversations as they may today (429 first_message_quota). */
const overQuota = (error: unknown) => error instanceof ApiError && error.status === 429 && error.code === 'first_message_quota';

/**
 * An optimistic send: `onMutate` writes the message into the history as "sending" (under the
 * client id the browser made, so a retry is the same message and one charge); the answer replaces
 * it with the stored message and the new balance. Too few credits (402): the message leaves the
 * history (its text goes back into the composer), and so does a first message beyond the day's
 * quota of new conversations (429); a refusal (403): the conversation is gone; any
 * other failure: "not sent — retry".
 */
export function useSendMessage({
  conversationId,
  profile,
  onCreated,
  onGone,
}: {
  conversationId: number | null;
  profile: PublicProfile | null;
  onCreated?: (id: number) => void;
  onGone: () => void;
}) {
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const me = useMe();
  const key = historyKey(conversationId, profile?.id ?? null);
  const mutation = useMutation({
    mutationFn: (item: ChatItem) => {
      const to = conversationId ?? (profile ? { profile: profile.id } : null);
      if (to === null) throw new Error('nobody to send to');
      return api.sendMessage(to, item.msg, item.clientId ?? undefined);
    },
    onMutate: async (item) => {
      // A fetch of the history under way must not put back a list without this message.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<History>(key, (h) => upsert(h, [{ ...item, status: 'sending' }]));
    },
    onSuccess: (answer) => {
      const stored = fromServer(answer.message, me);
      queryClient.setQueryData<MessageCost>(messageCostKey(), (c) => c && { ...c, balance: answer.credits });
      if (conversationId === null && profile) {
        // The first message created the conversation: its history starts with this message.
        const created = answer.message.conversation;
        queryClient.setQueryData<History>(historyKey(created, null), (h) => upsert(h ?? emptyHistory(profile), [stored]));
        queryClient.setQueryData<History>(key, (h) => upsert(h, [stored]));
        onCreated?.(created);
      } else {
        queryClient.setQueryData<History>(key, (h) => upsert(h, [stored]));
      }
    },
    onError: (error, item) => {
      if ((error instanceof ApiError && error.status === 402) || overQuota(error)) {
        // Nothing was stored or charged.
        queryClient.setQueryData<History>(key, (h) => mapItems(h, (i) => (i.key === item.key ? null : undefined)));
        return;
      }
      if (error instanceof ApiError && error.status === 403) onGone();
      queryClient.setQueryData<History>(key, (h) => mapItems(h, (i) => (i.key === item.key ? { ...i, status: 'failed' } : undefined)));
    },
  });
  const deliver = (item: ChatItem): Promise<SendResult> =>
    mutation.mutateAsync(item).then(
      () => 'sent' as const,
      (error: unknown) => (error instanceof ApiError && error.status === 402 ? 'insufficient' : overQuota(error) ? 'quota' : 'failed'),
    );
  return {
    /** Refused for want of credits (the last send): the composer shows the way to buy them. */
    insufficient: mutation.error instanceof ApiError && mutation.error.status === 402,
    /** Refused because the member started as many conversations as they may today: the text stays. */
    quota: overQuota(mutation.error),
    send: (text: string) => {
      const clientId = newClientId();
      return deliver({ key: clientId, id: null, clientId, sender: me, msg: text, createdAt: new Date().toISOString(), status: 'sending' });
    },
    /** The same client id: if the first attempt reached the server after all, this is that message. */
    retry: (item: ChatItem) => deliver(item).then(() => undefined),
  };
}

/**
 * Opening a conversation sets its unread count to 0 (spec §4), and so does every newer message
 * from the other member that arrives while the page is visible: the header badge follows at once.
 */
export function useMarkRead(conversationId: number | null, newestIncoming: number | null) {
  const { api, queryClient } = useRemote();
  const marked = React.useRef<number | null>(null);
  React.useEffect(() => {
    if (conversationId === null || newestIncoming === null) return;
    if (marked.current !== null && newestIncoming <= marked.current) return;
    if (marked.current !== null && typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
    marked.current = newestIncoming;
    queryClient.setQueryData(queryKeys.chats(), (list) =>
      list?.map((c) => (c.conversation.id === conversationId ? { ...c, num_unread_messages: 0 } : c)),
    );
    api.markRead(conversationId).catch((error: unknown) => console.error('read.php failed', error));
  }, [api, queryClient, conversationId, newestIncoming]);
}

/**
 * Live events into the query cache: new messages, read receipts and presence through
 * `setQueryData`; typing is the view's own state (it expires by itself); a removed chat is gone.
 */
export function useConversationEvents(conversationId: number | null, profileId: number | null, onGone: () => void): { typing: boolean } {
  const queryClient = useQueryClient();
  const me = useMe();
  const [typingUntil, setTypingUntil] = React.useState(0);
  useLiveEvents((event) => {
    if (event.type === 'presence' && event.presence.profile === profileId) {
      queryClient.setQueryData<Presence>(presenceKey(profileId), event.presence);
    }
    if (conversationId === null || !('conversation' in event) || event.conversation !== conversationId) return;
    const key = historyKey(conversationId, null);
    switch (event.type) {
      case 'message':
        queryClient.setQueryData<History>(key, (h) => upsert(h, [fromServer(event.message, me)]));
        if (event.message.sender !== me) setTypingUntil(0);
        return;
      case 'read':
        if (event.reader !== me) queryClient.setQueryData<History>(key, (h) => markReadUpTo(h, me, event.up_to));
        return;
      case 'typing':
        setTypingUntil(Date.now() + TYPING_EXPIRE_MS);
        return;
      case 'chat_removed':
        onGone();
        return;
    }
  });
  // The typing indicator expires by itself.
  React.useEffect(() => {
    if (!typingUntil) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);
  return { typing: typingUntil > 0 };
}
