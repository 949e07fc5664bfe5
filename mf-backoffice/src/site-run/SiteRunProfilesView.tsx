import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { LOCALES, useRemote, type Locale, type SiteRunProfile, type SiteRunProfileInput } from '@dating/shared';
import { languageName, SquarePhoto } from '@dating/shared/ui';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import own from './siteRun.module.css';
import { s } from './messages';

const KEY = [OPERATOR_KEY, 'site-run', 'profiles'] as const;
const PAGE = 30;

interface Draft {
  name: string;
  gender: 'female' | 'male';
  date_of_birth: string;
  country: string;
  city: string;
  language: Locale;
  personal: string;
}

const blank = (locale: Locale): Draft => ({ name: '', gender: 'female', date_of_birth: '', country: '', city: '', language: locale, personal: '' });
const fromProfile = (p: SiteRunProfile, locale: Locale): Draft => ({
  name: p.name,
  gender: p.gender ?? 'female',
  date_of_birth: p.date_of_birth === '0000-00-00' ? '' : p.date_of_birth,
  country: p.country ?? '',
  city: p.city ?? '',
  language: p.language ?? locale,
  personal: p.personal,
});

function ProfileForm({ editing, onDone }: { editing: SiteRunProfile | null; onDone: (text: string) => void }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const { locale } = useRemote();
  const queryClient = useQueryClient();
  const id = React.useId();
  const [draft, setDraft] = React.useState<Draft>(() => (editing ? fromProfile(editing, locale) : blank(locale)));
  const save = useMutation({
    mutationFn: async () => {
      const body: SiteRunProfileInput = { ...draft, country: draft.country.trim().toUpperCase(), city: draft.city.trim() || undefined };
      return editing ? api.updateSiteRunProfile({ id: editing.id, ...body }) : api.createSiteRunProfile(body);
    },
    onSuccess: async ({ profile }) => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      if (!editing) setDraft(blank(locale));
      onDone(intl.formatMessage(s.saved, { name: profile.name }));
    },
  });
  const field = save.error && 'field' in (save.error as object) ? (save.error as { field?: string }).field : undefined;
  const set = <K extends keyof Draft>(key: K) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setDraft((x) => ({ ...x, [key]: e.target.value as Draft[K] }));
  const input = (key: keyof Draft, label: React.ReactNode, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} value={draft[key]} onChange={set(key)} aria-invalid={field === key || undefined} {...props} />
    </div>
  );
  return (
    <form
      className={styles.panel}
      aria-labelledby={`${id}-h`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id={`${id}-h`}>{editing ? <FormattedMessage {...s.editProfile} values={{ name: editing.name }} /> : <FormattedMessage {...s.newProfile} />}</h2>
      <div className={own.form}>
        {input('name', <FormattedMessage {...s.name} />, { required: true, maxLength: 150 })}
        <div className={styles.field}>
          <label htmlFor={`${id}-gender`}>
            <FormattedMessage {...s.gender} />
          </label>
          <select id={`${id}-gender`} value={draft.gender} onChange={set('gender')}>
            <option value="female">{intl.formatMessage(s.female)}</option>
            <option value="male">{intl.formatMessage(s.male)}</option>
          </select>
        </div>
        {input('date_of_birth', <FormattedMessage {...s.dateOfBirth} />, { type: 'date', required: true })}
        {input('country', <FormattedMessage {...s.country} />, { required: true, maxLength: 2, autoCapitalize: 'characters' })}
        {input('city', <FormattedMessage {...s.city} />, { maxLength: 255 })}
        <div className={styles.field}>
          <label htmlFor={`${id}-language`}>
            <FormattedMessage {...s.language} />
          </label>
          <select id={`${id}-language`} value={draft.language} onChange={set('language')}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {languageName(l, locale)}
              </option>
            ))}
          </select>
        </div>
        <div className={`${styles.field} ${own.wide}`}>
          <label htmlFor={`${id}-personal`}>
            <FormattedMessage {...s.personal} />
          </label>
          <textarea id={`${id}-personal`} rows={3} value={draft.personal} onChange={set('personal')} aria-invalid={field === 'personal' || undefined} />
        </div>
      </div>
      {save.isError && (
        <p role="alert" className={styles.error}>
          {errorText(intl, save.error)}
        </p>
      )}
      <div className={own.actions}>
        <button type="submit" className={styles.button} disabled={save.isPending}>
          <FormattedMessage {...s.save} />
        </button>
        {editing && (
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => onDone('')}>
            <FormattedMessage {...s.cancel} />
          </button>
        )}
      </div>
    </form>
  );
}

function PhotoUpload({ profile, onDone }: { profile: SiteRunProfile; onDone: (text: string) => void }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const id = React.useId();
  const upload = useMutation({
    mutationFn: (file: File) => api.uploadSiteRunPhoto(profile.id, file),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      onDone(intl.formatMessage(s.photoDone));
    },
    onError: (error) => onDone(errorText(intl, error)),
  });
  return (
    <span>
      <label htmlFor={`${id}-file`} className={styles.visuallyHidden}>
        <FormattedMessage {...s.photo} values={{ name: profile.name }} />
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/png,image/jpeg"
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.mutate(file);
          e.target.value = '';
        }}
      />
    </span>
  );
}

function Profiles() {
  const api = useOperatorApi();
  const intl = useIntl();
  const { settings } = useRemote();
  const [editing, setEditing] = React.useState<SiteRunProfile | null>(null);
  const [said, setSaid] = React.useState('');
  const [find, setFind] = React.useState('');
  const findId = React.useId();
  const list = useQuery({ queryKey: KEY, queryFn: () => api.siteRunProfiles() });
  const done = (text: string) => {
    setEditing(null);
    setSaid(text);
  };
  if (list.isPending) return <p role="status" aria-busy="true">{intl.formatMessage(d.loading)}</p>;
  if (list.isError) return <p role="alert" className={styles.alert}>{errorText(intl, list.error)}</p>;
  const needle = find.trim().toLowerCase();
  const matching = needle ? list.data.profiles.filter((p) => p.name.toLowerCase().includes(needle)) : list.data.profiles;
  // A site may run hundreds: the table shows a page's worth, the name finds the rest.
  const shown = matching.slice(0, PAGE);
  return (
    <>
      <p className={styles.hint}>
        <FormattedMessage {...s.markLooks} values={{ icon: String(list.data.fictional_icon) }} />
      </p>
      <p role="status" className={said ? styles.ok : styles.visuallyHidden}>
        {said}
      </p>
      <ProfileForm key={editing?.id ?? 'new'} editing={editing} onDone={done} />
      <div className={styles.field}>
        <label htmlFor={findId}>
          <FormattedMessage {...s.find} />
        </label>
        <input id={findId} type="search" value={find} onChange={(e) => setFind(e.target.value)} />
      </div>
      {matching.length > shown.length && (
        <p className={styles.muted}>
          <FormattedMessage {...s.shown} values={{ shown: shown.length, total: matching.length }} />
        </p>
      )}
      {list.data.profiles.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage {...s.none} />
        </p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>{intl.formatMessage(s.list)}</caption>
          <thead>
            <tr>
              <th scope="col" className={own.photoCell}>
                <span className={styles.visuallyHidden}>{intl.formatMessage(s.colPhoto)}</span>
              </th>
              <th scope="col">{intl.formatMessage(s.colProfile)}</th>
              <th scope="col">{intl.formatMessage(s.colPlace)}</th>
              <th scope="col">{intl.formatMessage(s.colConversations)}</th>
              <th scope="col">{intl.formatMessage(s.colWaiting)}</th>
              <th scope="col">{intl.formatMessage(s.colActions)}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p.id}>
                <td className={own.photoCell}>
                  {p.main_image ? <SquarePhoto cdnPrefix={settings.settings.cdn_prefix} image={p.main_image} px={56} sizes="56px" alt={intl.formatMessage(s.photoOf, { name: p.name })} /> : null}
                </td>
                <td>
                  <strong>{p.name}</strong>
                  {p.age !== null ? `, ${p.age}` : ''}
                  {p.images.some((i) => i.in_review) && <span className={styles.muted}> ({intl.formatMessage(s.inReview)})</span>}
                </td>
                <td>{[p.city, p.country].filter(Boolean).join(', ')}</td>
                <td>{p.conversations}</td>
                <td>{p.waiting}</td>
                <td>
                  <div className={own.actions}>
                    <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => setEditing(p)} aria-label={intl.formatMessage(s.editProfile, { name: p.name })}>
                      <FormattedMessage {...s.edit} />
                    </button>
                    <PhotoUpload profile={p} onDone={setSaid} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/**
 * /backoffice/site-run/profiles: the profiles the site runs: create, edit, add photos (every photo
 * and text goes through the same moderation as a member's). How members see the mark follows the
 * site's fictional_icon; nothing hides it.
 */
export function SiteRunProfilesView() {
  return (
    <Desk area="site_run_profiles" title={s.profilesTitle}>
      {() => <Profiles />}
    </Desk>
  );
}
