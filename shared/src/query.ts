// Server data: TanStack Query, one QueryClient per page, shared as a federation singleton
// (rspack.base.js) and handed to every remote through the mount contract (`RemoteProps.queryClient`).
// It owns every piece of server state (the member, the chat list, the likes, the site settings and
// what views read), caches, dedupes, retries and refetches it; jotai keeps client state only.
import { QueryClient, type DataTag } from '@tanstack/react-query';
import { ApiError } from './api/client';
import type { SiteSettings } from './schemas/site';
import type { ChatListItem, LikesResponse } from './schemas/social';
import type { User } from './schemas/user';

/** A client error (4xx) is an answer, not a hiccup: it is not retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The page's one QueryClient (the shell's, a harness's, or a test's). */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: options.retry === false ? false : shouldRetry,
        // The shell polls and receives live events for what changes; views do not refetch on focus.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  // The member's own data is never dropped for want of an observer (written by the session, login,
  // signup…; read through atoms that do not observe): only a change of member removes it.
  for (const key of [queryKeys.user(), queryKeys.chats(), queryKeys.likes(), queryKeys.settings()]) {
    client.setQueryDefaults(key, { gcTime: Infinity });
  }
  return client;
}

/** A query key that carries the type of its data (`setQueryData`, `getQueryData` are typed by it). */
const tagged = <T>() => <K extends readonly unknown[]>(key: K) => key as DataTag<K, T>;

/**
 * Query keys that more than one remote reads or invalidates (e.g. a purchase in mf-commerce
 * refreshes the balance shown in mf-chat): one key per resource, here in the contract, so every
 * package uses the same. A remote's private queries start with its own name.
 */
export const queryKeys = {
  all: ['api'] as const,
  /** The member (user.php): a User, null for a visitor; no data while unknown. */
  user: () => tagged<User | null>()(['api', 'user'] as const),
  /** The member's chat list (chats.php): the nav badge and the chats page. */
  chats: () => tagged<ChatListItem[]>()(['api', 'chats'] as const),
  /** The member's likes (likes.php): the nav badge, the likes and notifications pages. */
  likes: () => tagged<LikesResponse>()(['api', 'likes'] as const),
  /** The site's settings, flags, theme and company (settings.php), as the page started with them. */
  settings: () => tagged<SiteSettings>()(['api', 'settings'] as const),
  profile: (id: number) => ['api', 'profile', id] as const,
  chat: (id: number) => ['api', 'chat', id] as const,
  messages: (chatId: number) => ['api', 'messages', chatId] as const,
  /** Member search pages (mf-search); the prefix `search()` is every search (e.g. after a block). */
  search: (...params: unknown[]) => ['api', 'search', ...params] as const,
  credits: () => ['api', 'credits'] as const,
  companyInfo: () => ['api', 'companyinfo'] as const,
};
