import * as React from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FormattedMessage, useIntl } from 'react-intl';
import { dayKey, dayLabel, textParts } from '../common/format';
import type { ChatItem } from './history';
import styles from '../chat.module.css';

type Row = { type: 'day'; key: string; label: string } | { type: 'message'; key: string; item: ChatItem };

/** Starts loading older messages this close (px) to the top. */
const LOAD_OLDER_AT = 300;

/** A message's text: links are real links (http and https only), everything else plain text. */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {textParts(text).map((part, i) =>
        part.type === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <React.Fragment key={i}>{part.text}</React.Fragment>
        ),
      )}
    </>
  );
}

function Status({ item, onRetry }: { item: ChatItem; onRetry: () => void }) {
  switch (item.status) {
    case 'sending':
      return (
        <span>
          <FormattedMessage id="message.sending" defaultMessage="sending…" />
        </span>
      );
    case 'sent':
      return (
        <span>
          <FormattedMessage id="message.sent" defaultMessage="sent" />
        </span>
      );
    case 'read':
      return (
        <span>
          <FormattedMessage id="message.read" defaultMessage="read" />
        </span>
      );
    case 'failed':
      return (
        <span className={styles.failed}>
          <span>
            <FormattedMessage id="message.failed" defaultMessage="not sent" />
          </span>
          {' — '}
          <button type="button" className={styles.retry} onClick={onRetry}>
            <FormattedMessage id="message.retry" defaultMessage="retry" />
          </button>
        </span>
      );
  }
}

/**
 * The history, virtualized (only the rows in view are in the page, so 10,000 messages scroll as
 * smoothly as 10), with day separators. Opens at the newest message; scrolling up loads older
 * pages and keeps what the member looks at in place; a new message scrolls into view when the
 * member is at the bottom or sent it.
 */
export function MessageList({
  items,
  me,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onReport,
  label,
}: {
  items: ChatItem[];
  me: number;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (item: ChatItem) => void;
  onReport?: (item: ChatItem) => void;
  label: string;
}) {
  const intl = useIntl();
  const scroller = React.useRef<HTMLDivElement>(null);
  const rows = React.useMemo(() => {
    const out: Row[] = [];
    let day = '';
    for (const item of items) {
      const k = dayKey(item.createdAt);
      if (k !== day) {
        day = k;
        out.push({ type: 'day', key: `d${k}`, label: dayLabel(intl, item.createdAt) });
      }
      out.push({ type: 'message', key: item.key, item });
    }
    return out;
  }, [items, intl]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.type === 'day' ? 32 : 60),
    getItemKey: (i) => rows[i]!.key,
    overscan: 10,
    initialRect: { width: 360, height: 600 },
    useFlushSync: false,
  });

  // Keep the member's place when older messages arrive above; follow new ones at the bottom.
  const firstKey = rows[0]?.key;
  const lastKey = rows[rows.length - 1]?.key;
  const previous = React.useRef<{ firstKey?: string; lastKey?: string; height: number; top: number; count: number }>({
    height: 0,
    top: 0,
    count: 0,
  });
  React.useLayoutEffect(() => {
    const el = scroller.current;
    const before = previous.current;
    const total = virtualizer.getTotalSize();
    if (el && rows.length) {
      if (before.count === 0) {
        virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
      } else if (firstKey !== before.firstKey && lastKey === before.lastKey) {
        // Older messages came in above: stay on the same message.
        el.scrollTop = before.top + (total - before.height);
      } else if (lastKey !== before.lastKey) {
        const last = rows[rows.length - 1];
        const atBottom = before.height - (before.top + el.clientHeight) < 120;
        if (atBottom || (last?.type === 'message' && last.item.sender === me)) {
          virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
        }
      }
    }
    previous.current = { firstKey, lastKey, height: total, top: el?.scrollTop ?? 0, count: rows.length };
  }, [firstKey, lastKey, rows, me, virtualizer]);

  // The history gets shorter when the on-screen keyboard opens (the layout is as tall as what is
  // visible): a member reading the newest message keeps it in view, right above the composer.
  React.useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let height = el.clientHeight;
    const observer = new ResizeObserver(() => {
      const before = height;
      height = el.clientHeight;
      if (height < before && el.scrollHeight - (el.scrollTop + before) < 120) el.scrollTop = el.scrollHeight - height;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    previous.current = { ...previous.current, top: el.scrollTop, height: virtualizer.getTotalSize() };
    if (el.scrollTop < LOAD_OLDER_AT && hasMore && !loadingOlder) onLoadOlder();
  };

  return (
    <div
      ref={scroller}
      className={styles.scroller}
      onScroll={onScroll}
      role="log"
      aria-live="polite"
      aria-label={label}
      // A scrollable history must be reachable by keyboard to scroll it (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      {hasMore && (
        <p className={styles.day}>
          {loadingOlder ? (
            <FormattedMessage id="chat.loadingOlder" defaultMessage="Loading earlier messages…" />
          ) : (
            <button type="button" className={styles.retry} onClick={onLoadOlder}>
              <FormattedMessage id="chat.loadOlder" defaultMessage="Show earlier messages" />
            </button>
          )}
        </p>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[v.index]!;
          return (
            <div
              key={v.key}
              data-index={v.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${v.start}px)` }}
            >
              {row.type === 'day' ? (
                <p className={styles.day} role="separator">
                  {row.label}
                </p>
              ) : (
                <div className={`${styles.bubbleRow} ${row.item.sender === me ? styles.mine : ''}`} data-testid="message">
                  <div className={styles.bubble}>
                    <MessageText text={row.item.msg} />
                    <span className={styles.bubbleMeta}>
                      <time dateTime={row.item.createdAt}>{intl.formatTime(row.item.createdAt, { hour: '2-digit', minute: '2-digit' })}</time>
                      {row.item.sender === me ? (
                        <>
                          {' · '}
                          <Status item={row.item} onRetry={() => onRetry(row.item)} />
                        </>
                      ) : (
                        onReport &&
                        row.item.id !== null && (
                          <>
                            {' · '}
                            <button type="button" className={styles.retry} onClick={() => onReport(row.item)}>
                              <FormattedMessage id="message.report" defaultMessage="report" />
                            </button>
                          </>
                        )
                      )}
                    </span>
                  </div>
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
