import type { InfiniteData } from '@tanstack/react-query';
import { queryKeys, type Message, type PublicProfile } from '@dating/shared';

/** One page of history. */
export const PAGE_SIZE = 50;

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

/** One page of the history as it sits in the query cache: oldest first, as the server gives it. */
export interface HistoryPage {
  profile: PublicProfile;
  hasMore: boolean;
  items: ChatItem[];
}

/**
 * The conversation in the query cache: `pages[0]` is the newest page (where live and pending
 * messages go), each next page is older (`pageParams`: the message id it was read before; 0 for
 * the newest). Refetching starts again from the newest page.
 */
export type History = InfiniteData<HistoryPage, number>;

/** The history of a conversation; a conversation not created yet is keyed by the member. */
export const historyKey = (conversation: number | null, profile: number | null) =>
  conversation !== null ? queryKeys.messages(conversation) : (['mf-chat', 'new-conversation', profile] as const);

/** The price of a message and the balance: under the credits key, so a purchase refreshes it. */
export const messageCostKey = () => [...queryKeys.credits(), 'message-cost'] as const;

export const presenceKey = (profile: number | null) => ['mf-chat', 'presence', profile] as const;

export function fromServer(m: Message, me: number): ChatItem {
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

/** An empty history (a conversation that the first message will create). */
export function emptyHistory(profile: PublicProfile): History {
  return { pages: [{ profile, hasMore: false, items: [] }], pageParams: [0] };
}

/** The messages still on their way (or failed) in a cached history. */
export function pendingOf(history: History | undefined): ChatItem[] {
  return history?.pages.flatMap((p) => p.items.filter((i) => i.id === null)) ?? [];
}

/**
 * Puts messages into the history: one with a key already there replaces it wherever it is (the
 * stored copy of an optimistic message, a retry), a new one goes into the newest page. A read
 * receipt never goes back to "sent" because an older answer arrives late.
 */
export function upsert(history: History | undefined, incoming: ChatItem[]): History | undefined {
  if (!history || incoming.length === 0) return history;
  const byKey = new Map(incoming.map((i) => [i.key, i]));
  const placed = new Set<string>();
  const keep = (old: ChatItem, item: ChatItem): ChatItem => (old.status === 'read' && item.status === 'sent' ? { ...item, status: 'read' } : item);
  const pages = history.pages.map((page) => {
    if (!page.items.some((i) => byKey.has(i.key))) return page;
    return {
      ...page,
      items: page.items.map((i) => {
        const item = byKey.get(i.key);
        if (!item) return i;
        placed.add(i.key);
        return keep(i, item);
      }),
    };
  });
  const fresh = incoming.filter((i) => !placed.has(i.key));
  if (fresh.length) pages[0] = { ...pages[0]!, items: [...pages[0]!.items, ...fresh] };
  return { ...history, pages };
}

/** Changes the messages that `change` answers for (or removes them when it answers null). */
export function mapItems(history: History | undefined, change: (item: ChatItem) => ChatItem | null | undefined): History | undefined {
  if (!history) return history;
  let changed = false;
  const pages = history.pages.map((page) => {
    let pageChanged = false;
    const items: ChatItem[] = [];
    for (const i of page.items) {
      const next = change(i);
      if (next === undefined) {
        items.push(i);
        continue;
      }
      pageChanged = true;
      if (next !== null) items.push(next);
    }
    if (!pageChanged) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...history, pages } : history;
}

/** The other member's read receipt: my stored messages up to `upTo` are read. */
export const markReadUpTo = (history: History | undefined, me: number, upTo: number) =>
  mapItems(history, (i) => (i.sender === me && i.id !== null && i.id <= upTo && i.status !== 'read' ? { ...i, status: 'read' } : undefined));

/** The whole history in reading order: stored messages by id, then those still on their way; none twice. */
export function itemsOf(history: History | undefined): ChatItem[] {
  if (!history) return [];
  const byKey = new Map<string, ChatItem>();
  for (let p = history.pages.length - 1; p >= 0; p--) for (const i of history.pages[p]!.items) byKey.set(i.key, i);
  const all = [...byKey.values()];
  const stored = all.filter((i) => i.id !== null).sort((a, b) => a.id! - b.id!);
  return [...stored, ...all.filter((i) => i.id === null)];
}

/** The message id to read older messages before: the oldest stored one of the page. */
export function olderThan(page: HistoryPage): number | undefined {
  if (!page.hasMore) return undefined;
  let oldest: number | undefined;
  for (const i of page.items) if (i.id !== null && (oldest === undefined || i.id < oldest)) oldest = i.id;
  return oldest;
}
