import * as React from 'react';
import styles from '../chat.module.css';

/** Where the chats become two panes: the shell's wide-screen width (64rem, 1024 px at the default font size). */
export const TWO_PANES_QUERY = '(min-width: 64rem)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(TWO_PANES_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const wide = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(TWO_PANES_QUERY).matches;

/**
 * Whether the screen is wide enough for the list beside the conversation. Read while rendering
 * (the first render is already right: no phone layout flashes by on a desktop) and followed when
 * the window is resized or a tablet turned. Phones never render the second pane at all.
 */
export function useTwoPanes(): boolean {
  return React.useSyncExternalStore(subscribe, wide, () => false);
}

/**
 * The chats on a wide screen: the conversation list on the left, the open conversation (or a
 * prompt to choose one) on the right. Both panes are as tall as the chat layout and scroll on their
 * own; the URL stays the route table's (/chats, /chats/:chatId), so back, reload and links work.
 */
export function ChatPanes({ list, children }: { list: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className={styles.panes} data-chat-panes="">
      <div className={styles.listPane}>{list}</div>
      <div className={styles.conversationPane}>{children}</div>
    </div>
  );
}
