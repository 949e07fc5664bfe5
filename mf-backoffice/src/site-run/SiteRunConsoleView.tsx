import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { useRemote, type SiteRunConversation, type SiteRunQueueItem } from '@dating/shared';
import { languageName, SquarePhoto } from '@dating/shared/ui';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import own from './siteRun.module.css';
import { s } from './messages';

const QUEUE_KEY = [OPERATOR_KEY, 'site-run', 'queue'] as const;
/** The queue is refreshed this often while the console is open (new messages, others' locks). */
const QUEUE_REFRESH_MS = 15_000;

function QueueItem({ item, current, onOpen }: { item: SiteRunQueueItem; current: boolean; onOpen: () => void }) {
  const minutes = Math.floor(item.waiting_seconds / 60);
  return (
    <li className={`${own.item} ${current ? own.current : ''}`}>
      <button type="button" className={own.itemButton} onClick={onOpen} aria-current={current || undefined} disabled={item.locked_by !== null}>
        <strong>
          <FormattedMessage {...s.item} values={{ member: item.member.name, profile: item.profile.name }} />
        </strong>
        <span className={styles.muted}>
          {' · '}
          <FormattedMessage {...s.waiting} values={{ minutes }} />
          {item.locked_by && (
            <>
              {' · '}
              <FormattedMessage {...s.lockedBy} values={{ name: item.locked_by }} />
            </>
          )}
        </span>
        <span className={own.preview}>{item.last_message}</span>
      </button>
    </li>
  );
}

function Notes({ conv }: { conv: SiteRunConversation }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const id = React.useId();
  const [body, setBody] = React.useState('');
  const add = useMutation({
    mutationFn: () => api.siteRunNote(conv.member.id, body),
    onSuccess: ({ note }) => {
      setBody('');
      queryClient.setQueryData<SiteRunConversation>([OPERATOR_KEY, 'site-run', 'conversation', conv.conversation], (c) => (c ? { ...c, notes: [note, ...c.notes] } : c));
    },
  });
  return (
    <section className={styles.panel} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>
        <FormattedMessage {...s.notes} values={{ member: conv.member.name }} />
      </h3>
      {conv.notes.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage {...s.notesEmpty} />
        </p>
      ) : (
        <ul>
          {conv.notes.map((n) => (
            <li key={n.id}>
              {n.body}{' '}
              <span className={styles.muted}>
                (<FormattedMessage {...s.noteBy} values={{ operator: n.operator ?? '—', time: intl.formatDate(n.created_at, { dateStyle: 'short', timeStyle: 'short' }) }} />)
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <div className={styles.field}>
          <label htmlFor={`${id}-note`}>
            <FormattedMessage {...s.newNote} />
          </label>
          <textarea id={`${id}-note`} rows={2} value={body} onChange={(e) => setBody(e.target.value)} maxLength={2000} />
        </div>
        {add.isError && (
          <p role="alert" className={styles.error}>
            {errorText(intl, add.error)}
          </p>
        )}
        <button type="submit" className={`${styles.button} ${styles.secondary}`} disabled={!body.trim() || add.isPending}>
          <FormattedMessage {...s.addNote} />
        </button>
      </form>
    </section>
  );
}

function Protection({ conv, onChanged }: { conv: SiteRunConversation; onChanged: (text: string) => void }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const id = React.useId();
  const [reason, setReason] = React.useState('');
  const bySupport = conv.member.protected_by === 'support';
  const change = useMutation({
    mutationFn: () => api.siteRunSupportProtection({ member: conv.member.id, protected: !bySupport, reason }),
    onSuccess: (state) => {
      setReason('');
      queryClient.setQueryData<SiteRunConversation>([OPERATOR_KEY, 'site-run', 'conversation', conv.conversation], (c) =>
        c
          ? {
              ...c,
              member: {
                ...c.member,
                protected: state.by_member || state.by_support,
                protected_by: state.by_support ? 'support' : state.by_member ? 'member' : null,
              },
            }
          : c,
      );
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      onChanged(intl.formatMessage(state.by_support ? s.protectedDone : s.unprotectedDone, { member: conv.member.name }));
    },
  });
  return (
    <section className={styles.panel} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>
        <FormattedMessage {...s.protect} />
      </h3>
      <p className={styles.hint}>
        <FormattedMessage {...s.protectHint} />
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate();
        }}
      >
        <div className={styles.field}>
          <label htmlFor={`${id}-reason`}>
            <FormattedMessage {...s.reason} />
          </label>
          <input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={2000} />
        </div>
        {change.isError && (
          <p role="alert" className={styles.error}>
            {errorText(intl, change.error)}
          </p>
        )}
        <button type="submit" className={`${styles.button} ${bySupport ? styles.secondary : styles.danger}`} disabled={!reason.trim() || change.isPending}>
          <FormattedMessage {...(bySupport ? s.unprotectButton : s.protectButton)} />
        </button>
      </form>
    </section>
  );
}

function Conversation({ conversation, onDone }: { conversation: number; onDone: (announcement: string | null) => void }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const { locale, settings } = useRemote();
  const queryClient = useQueryClient();
  const id = React.useId();
  const [text, setText] = React.useState('');
  const [said, setSaid] = React.useState<string | null>(null);
  const answerRef = React.useRef<HTMLTextAreaElement>(null);
  const conv = useQuery({
    queryKey: [OPERATOR_KEY, 'site-run', 'conversation', conversation],
    queryFn: () => api.siteRunConversation(conversation),
    retry: false,
    staleTime: Infinity,
  });
  const send = useMutation({
    mutationFn: () => api.siteRunAnswer({ conversation, msg: text }),
    onSuccess: () => {
      setText('');
      queryClient.removeQueries({ queryKey: [OPERATOR_KEY, 'site-run', 'conversation', conversation] });
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      onDone(intl.formatMessage(s.sent, { member: conv.data?.member.name ?? '' }));
    },
  });
  const release = useMutation({
    mutationFn: () => api.siteRunRelease(conversation),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: [OPERATOR_KEY, 'site-run', 'conversation', conversation] });
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      onDone(null);
    },
  });
  if (conv.isPending) {
    return (
      <p role="status" aria-busy="true">
        {intl.formatMessage(d.loading)}
      </p>
    );
  }
  if (conv.isError) {
    return (
      <p role="alert" className={styles.alert}>
        {errorText(intl, conv.error)}
      </p>
    );
  }
  const c = conv.data;
  const facts = [c.member.age, c.member.city, c.member.country].filter((x) => x !== null && x !== '').join(', ');
  const memberLanguage = languageName(c.member.language, locale);
  return (
    <section aria-labelledby={`${id}-title`} className={own.conversation}>
      <h2 id={`${id}-title`}>
        <FormattedMessage {...s.conversation} values={{ member: c.member.name, profile: c.profile.name }} />
      </h2>
      <p className={styles.muted}>
        <FormattedMessage {...s.memberFacts} values={{ facts: facts || '—', language: memberLanguage }} />
      </p>
      <p className={styles.hint}>
        <FormattedMessage {...s.lockedUntil} values={{ time: intl.formatTime(c.locked_until) }} />
      </p>
      <h3>
        <FormattedMessage {...s.messages} />
      </h3>
      <ol className={own.messages} aria-label={intl.formatMessage(s.messages)}>
        {c.messages.map((m) => (
          <li key={m.id} className={m.from === 'profile' ? own.fromProfile : own.fromMember}>
            <span className={own.sender}>
              {m.from === 'member' ? (
                <FormattedMessage {...s.fromMember} values={{ name: c.member.name }} />
              ) : m.operator ? (
                <FormattedMessage {...s.fromProfile} values={{ name: c.profile.name, operator: m.operator }} />
              ) : (
                <FormattedMessage {...s.fromProfileUnknown} values={{ name: c.profile.name }} />
              )}{' '}
              <FormattedTime value={m.created_at} />
            </span>
            <span className={own.body}>{m.msg}</span>
          </li>
        ))}
      </ol>
      {c.member.protected ? (
        <p role="alert" className={styles.alert}>
          <FormattedMessage {...s.protectedNotice} values={{ by: intl.formatMessage(c.member.protected_by === 'support' ? s.bySupport : s.byMember) }} />
        </p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate();
          }}
        >
          {c.asks_if_real && (
            <p role="alert" className={styles.alert}>
              <FormattedMessage {...s.asksIfReal} />
            </p>
          )}
          <p>
            <button
              type="button"
              className={`${styles.button} ${styles.secondary}`}
              onClick={() => {
                setText((t) => (t.trim() ? `${t.trim()}\n\n${c.honest_answer}` : c.honest_answer));
                answerRef.current?.focus();
              }}
            >
              <FormattedMessage {...s.honest} values={{ language: memberLanguage }} />
            </button>
          </p>
          <div className={styles.field}>
            <label htmlFor={`${id}-answer`}>
              <FormattedMessage {...s.answer} values={{ profile: c.profile.name }} />
            </label>
            <textarea id={`${id}-answer`} ref={answerRef} rows={5} value={text} onChange={(e) => setText(e.target.value)} maxLength={4000} />
          </div>
          {send.isError && (
            <p role="alert" className={styles.error}>
              {errorText(intl, send.error)}
            </p>
          )}
          <div className={own.actions}>
            <button type="submit" className={styles.button} disabled={!text.trim() || send.isPending}>
              <FormattedMessage {...s.send} values={{ profile: c.profile.name }} />
            </button>
            <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => release.mutate()} disabled={release.isPending}>
              <FormattedMessage {...s.release} />
            </button>
          </div>
        </form>
      )}
      {c.profile.main_image && (
        <SquarePhoto className={own.thumb} cdnPrefix={settings.settings.cdn_prefix} image={c.profile.main_image} px={96} sizes="96px" alt={intl.formatMessage(s.photoOf, { name: c.profile.name })} />
      )}
      <Notes conv={c} />
      <Protection conv={c} onChanged={(t) => setSaid(t)} />
      <p role="status" className={styles.visuallyHidden}>
        {said}
      </p>
    </section>
  );
}

function Console() {
  const api = useOperatorApi();
  const intl = useIntl();
  const [open, setOpen] = React.useState<number | null>(null);
  const [announcement, setAnnouncement] = React.useState<string | null>(null);
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: () => api.siteRunQueue(), refetchInterval: QUEUE_REFRESH_MS });
  return (
    <>
      <p className={styles.hint}>
        <FormattedMessage {...s.rules} />
      </p>
      <p role="status" className={announcement ? styles.ok : styles.visuallyHidden}>
        {announcement}
      </p>
      <div className={own.layout}>
        <section aria-labelledby="site-run-queue" className={own.queue}>
          <h2 id="site-run-queue">
            <FormattedMessage {...s.queue} />
          </h2>
          {queue.isPending ? (
            <p role="status" aria-busy="true">
              {intl.formatMessage(d.loading)}
            </p>
          ) : queue.isError ? (
            <p role="alert" className={styles.alert}>
              {errorText(intl, queue.error)}
            </p>
          ) : (
            <>
              {queue.data.items.length === 0 ? (
                <p className={styles.muted}>
                  <FormattedMessage {...s.queueEmpty} />
                </p>
              ) : (
                <ul className={own.list}>
                  {queue.data.items.map((item) => (
                    <QueueItem
                      key={item.conversation}
                      item={item}
                      current={item.conversation === open}
                      onOpen={() => {
                        setAnnouncement(null);
                        setOpen(item.conversation);
                      }}
                    />
                  ))}
                </ul>
              )}
              {queue.data.protected_left_out > 0 && (
                <p className={styles.muted}>
                  <FormattedMessage {...s.leftOut} values={{ count: queue.data.protected_left_out }} />
                </p>
              )}
            </>
          )}
        </section>
        <div className={own.pane}>
          {open === null ? (
            <p className={styles.muted}>
              <FormattedMessage {...s.pick} />
            </p>
          ) : (
            <Conversation
              key={open}
              conversation={open}
              onDone={(text) => {
                setOpen(null);
                setAnnouncement(text);
              }}
            />
          )}
        </div>
      </div>
    </>
  );
}

/**
 * /backoffice/site-run: the console of the conversations with the site's site-run profiles. The
 * queue oldest first; opening one locks it to this operator; the answer goes out as the profile
 * (audited with the operator); the honest answer in the member's language is one click away;
 * notes per member; a vulnerable member is protected from site-run profiles. Never an automatic reply.
 */
export function SiteRunConsoleView() {
  return (
    <Desk area="site_run_console" title={s.consoleTitle}>
      {() => <Console />}
    </Desk>
  );
}
