// Server data in views: TanStack Query, one QueryClient per page, shared as a federation singleton
// (rspack.base.js) and handed to every remote through the mount contract (`RemoteProps.queryClient`).
// It caches, dedupes, retries and refetches what views read from the API; jotai keeps client state.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client';

/** A client error (4xx) is an answer, not a hiccup: it is not retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The page's one QueryClient (the shell's, a harness's, or a test's). */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
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
}

/**
 * Query keys that more than one remote reads or invalidates (e.g. a purchase in mf-commerce
 * refreshes the balance shown in mf-chat). A remote's private queries start with its own name.
 */
export const queryKeys = {
  all: ['api'] as const,
  profile: (id: number) => ['api', 'profile', id] as const,
  chat: (id: number) => ['api', 'chat', id] as const,
  messages: (chatId: number) => ['api', 'messages', chatId] as const,
  /** Member search pages (mf-search); the prefix `search()` is every search (e.g. after a block). */
  search: (...params: unknown[]) => ['api', 'search', ...params] as const,
  credits: () => ['api', 'credits'] as const,
  companyInfo: () => ['api', 'companyinfo'] as const,
};
