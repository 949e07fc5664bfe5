import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useRemote } from '@dating/shared';
import { countryName } from '@dating/shared/ui';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import { x } from './messages';

/** `/` puts the focus in the search field from anywhere on the screen (not while typing). */
function useSlashToSearch(ref: React.RefObject<HTMLInputElement | null>) {
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      e.preventDefault();
      ref.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [ref]);
}

function Search() {
  const api = useOperatorApi();
  const intl = useIntl();
  const { query, navigate, href, locale } = useRemote();
  const q = query.q ?? '';
  const [text, setText] = React.useState(q);
  const input = React.useRef<HTMLInputElement>(null);
  useSlashToSearch(input);
  const found = useQuery({ queryKey: [OPERATOR_KEY, 'members', q], queryFn: () => api.deskMembers(q), enabled: q.trim() !== '' });
  return (
    <>
      <form
        role="search"
        className={styles.filters}
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) navigate({ name: 'backoffice-members', query: { q: text.trim() } });
        }}
      >
        <div className={styles.field}>
          <label htmlFor="bo-member-q"><FormattedMessage {...x.search} /></label>
          <input ref={input} id="bo-member-q" type="search" value={text} onChange={(e) => setText(e.target.value)} aria-describedby="bo-member-q-hint" />
          <p id="bo-member-q-hint" className={styles.hint}><FormattedMessage {...x.searchHint} /></p>
        </div>
        <button type="submit" className={styles.button}><FormattedMessage {...x.find} /></button>
      </form>
      {q ? (
        found.status === 'pending' ? (
          <p role="status" aria-busy="true"><FormattedMessage {...d.loading} /></p>
        ) : found.status === 'error' ? (
          <p role="alert" className={styles.alert}>{errorText(intl, found.error)}</p>
        ) : found.data.members.length === 0 ? (
          <p role="status" className={styles.panel}><FormattedMessage {...x.none} values={{ q }} /></p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col"><FormattedMessage {...x.name} /></th>
                <th scope="col"><FormattedMessage {...x.email} /></th>
                <th scope="col"><FormattedMessage {...x.status} /></th>
                <th scope="col"><FormattedMessage {...x.country} /></th>
                <th scope="col"><FormattedMessage {...x.since} /></th>
              </tr>
            </thead>
            <tbody>
              {found.data.members.map((m) => (
                <tr key={m.id}>
                  <td><a href={href({ name: 'backoffice-members-memberId', params: { memberId: m.id } })}>{m.name} (#{m.id})</a></td>
                  <td>{m.email}</td>
                  <td>{m.status}</td>
                  <td>{m.country ? countryName(m.country, locale) : ''}</td>
                  <td><FormattedDate value={m.signup_date} dateStyle="medium" /></td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </>
  );
}

/** /backoffice/members: find a member by email, name, number, payment or transaction id. */
export function MembersView() {
  return (
    <Desk area="members" title={x.title}>
      {() => <Search />}
    </Desk>
  );
}
