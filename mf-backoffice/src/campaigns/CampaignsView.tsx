import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  LANDER_KINDS,
  LOCALES,
  TRACKING_KEYS,
  useRemote,
  type CampaignCreate,
  type LanderKind,
  type Locale,
  type OperatorCampaign,
} from '@dating/shared';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import own from './campaigns.module.css';
import { c } from './messages';

const campaignsKey = [OPERATOR_KEY, 'campaigns'] as const;
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', nl: 'Nederlands', de: 'Deutsch', it: 'Italiano', fr: 'Français', es: 'Español', pl: 'Polski' };

interface Draft {
  slug: string;
  kinds: LanderKind[];
  texts: Record<Locale, { headline: string; text: string }>;
  target_gender: '' | 'male' | 'female';
  min_age: string;
  max_age: string;
  featured: string;
  video_url: string;
  active: boolean;
}
const emptyTexts = () => Object.fromEntries(LOCALES.map((l) => [l, { headline: '', text: '' }])) as Draft['texts'];
const NEW: Draft = { slug: '', kinds: ['gallery'], texts: emptyTexts(), target_gender: '', min_age: '18', max_age: '99', featured: '', video_url: '', active: true };
const draftOf = (x: OperatorCampaign): Draft => ({
  slug: x.slug,
  kinds: x.kinds,
  texts: { ...emptyTexts(), ...Object.fromEntries(Object.entries(x.texts).map(([l, t]) => [l, { ...t }])) },
  target_gender: x.target_gender ?? '',
  min_age: String(x.min_age),
  max_age: String(x.max_age),
  featured: x.featured_member_ids.join(', '),
  video_url: x.video_url ?? '',
  active: x.active,
});

/** The draft as the contract's request: languages left empty are left out. */
function requestOf(f: Draft): CampaignCreate {
  return {
    slug: f.slug.trim(),
    kinds: f.kinds,
    texts: Object.fromEntries(
      LOCALES.filter((l) => f.texts[l].headline.trim() || f.texts[l].text.trim()).map((l) => [l, { headline: f.texts[l].headline, text: f.texts[l].text }]),
    ),
    target_gender: f.target_gender || null,
    min_age: Number(f.min_age),
    max_age: Number(f.max_age),
    featured_member_ids: f.featured.split(',').map((v) => v.trim()).filter(Boolean).map(Number),
    video_url: f.video_url.trim() || null,
    active: f.active,
  };
}

function Editor({ initial, isNew, onDone }: { initial: Draft; isNew: boolean; onDone: (slug: string) => void }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { services } = useRemote();
  const [f, setF] = React.useState(initial);
  const [idsError, setIdsError] = React.useState(false);
  const save = useMutation({
    mutationFn: () => {
      const req = requestOf(f);
      return isNew ? api.createCampaign(req) : api.updateCampaign(req);
    },
    onSuccess: async (answer) => {
      services.toast({ message: intl.formatMessage(c.saved, { slug: answer.campaign.slug }), variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: campaignsKey });
      onDone(answer.campaign.slug);
    },
  });
  const field = save.error && 'field' in save.error ? (save.error as { field?: string }).field : undefined;
  const inv = (name: string) => (field === name || field?.startsWith(`${name}.`) ? { 'aria-invalid': true as const, 'aria-errormessage': 'bo-camp-error' } : {});
  const title = isNew ? intl.formatMessage(c.newCampaign) : intl.formatMessage(c.editCampaign, { slug: f.slug });
  const setText = (l: Locale, key: 'headline' | 'text', value: string) => setF((x) => ({ ...x, texts: { ...x.texts, [l]: { ...x.texts[l], [key]: value } } }));
  return (
    <form
      className={styles.panel}
      aria-label={title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (f.featured.trim() && !/^\s*\d+(\s*,\s*\d+)*\s*$/.test(f.featured)) return setIdsError(true);
        setIdsError(false);
        save.mutate();
      }}
    >
      <h2>{title}</h2>
      {isNew ? (
        <div className={styles.field}>
          <label htmlFor="bo-camp-slug"><FormattedMessage {...c.slug} /></label>
          <input id="bo-camp-slug" value={f.slug} onChange={(e) => setF({ ...f, slug: e.target.value })} aria-describedby="bo-camp-slug-hint" {...inv('slug')} />
          <p id="bo-camp-slug-hint" className={styles.hint}><FormattedMessage {...c.slugHint} /></p>
        </div>
      ) : null}
      <fieldset className={own.fieldset} {...inv('kinds')}>
        <legend><FormattedMessage {...c.kinds} /></legend>
        <div className={own.kinds}>
          {LANDER_KINDS.map((k) => (
            <label key={k}>
              <input
                type="checkbox"
                checked={f.kinds.includes(k)}
                onChange={(e) => setF({ ...f, kinds: e.target.checked ? [...f.kinds, k] : f.kinds.filter((x) => x !== k) })}
              />{' '}
              {k}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={own.fieldset}>
        <legend><FormattedMessage {...c.texts} /></legend>
        <p className={styles.hint}><FormattedMessage {...c.textsHint} /></p>
        <div className={own.languages}>
          {LOCALES.map((l) => (
            <div key={l} className={own.language}>
              <h3>{LANGUAGE_NAMES[l]}</h3>
              <div className={styles.field}>
                <label htmlFor={`bo-camp-h-${l}`}><FormattedMessage {...c.headline} values={{ lang: l.toUpperCase() }} /></label>
                <input id={`bo-camp-h-${l}`} lang={l} value={f.texts[l].headline} maxLength={120} onChange={(e) => setText(l, 'headline', e.target.value)} {...inv(`texts.${l}`)} />
              </div>
              <div className={styles.field}>
                <label htmlFor={`bo-camp-t-${l}`}><FormattedMessage {...c.text} values={{ lang: l.toUpperCase() }} /></label>
                <textarea id={`bo-camp-t-${l}`} lang={l} rows={4} value={f.texts[l].text} maxLength={1000} onChange={(e) => setText(l, 'text', e.target.value)} {...inv(`texts.${l}`)} />
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className={own.fieldset}>
        <legend><FormattedMessage {...c.target} /></legend>
        <div className={styles.filters}>
          <div className={styles.field}>
            <label htmlFor="bo-camp-gender"><FormattedMessage {...c.gender} /></label>
            <select id="bo-camp-gender" value={f.target_gender} onChange={(e) => setF({ ...f, target_gender: e.target.value as Draft['target_gender'] })}>
              <option value="">{intl.formatMessage(c.both)}</option>
              <option value="female">{intl.formatMessage(c.women)}</option>
              <option value="male">{intl.formatMessage(c.men)}</option>
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="bo-camp-min"><FormattedMessage {...c.minAge} /></label>
            <input id="bo-camp-min" type="number" min={18} max={100} value={f.min_age} onChange={(e) => setF({ ...f, min_age: e.target.value })} {...inv('min_age')} />
          </div>
          <div className={styles.field}>
            <label htmlFor="bo-camp-max"><FormattedMessage {...c.maxAge} /></label>
            <input id="bo-camp-max" type="number" min={18} max={100} value={f.max_age} onChange={(e) => setF({ ...f, max_age: e.target.value })} {...inv('max_age')} />
          </div>
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-camp-featured"><FormattedMessage {...c.featured} /></label>
          <input
            id="bo-camp-featured"
            value={f.featured}
            onChange={(e) => setF({ ...f, featured: e.target.value })}
            aria-invalid={idsError || field?.startsWith('featured_member_ids') || undefined}
            aria-describedby={idsError ? 'bo-camp-featured-error' : undefined}
          />
          {idsError ? <p id="bo-camp-featured-error" className={styles.error}><FormattedMessage {...c.badIds} /></p> : null}
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-camp-video"><FormattedMessage {...c.video} /></label>
          <input id="bo-camp-video" value={f.video_url} onChange={(e) => setF({ ...f, video_url: e.target.value })} {...inv('video_url')} />
        </div>
      </fieldset>
      <div className={styles.field}>
        <label>
          <input type="checkbox" checked={f.active} onChange={(e) => setF({ ...f, active: e.target.checked })} /> <FormattedMessage {...c.active} />
        </label>
      </div>
      {save.isError ? <p id="bo-camp-error" role="alert" className={styles.alert}>{errorText(intl, save.error)}</p> : null}
      <div style={{ display: 'flex', gap: '.5rem' }}>
        <button type="submit" className={styles.button} disabled={save.isPending}>
          <FormattedMessage {...(isNew ? c.create : c.save)} />
        </button>
        {!isNew ? (
          <button type="button" className={styles.secondary} onClick={() => onDone(f.slug)}>
            <FormattedMessage {...c.cancel} />
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The address a partner links to: the lander with the traffic source (spec §3: network, ref, sub1–sub3). */
function Tracking({ campaign, hosts, sources }: { campaign: OperatorCampaign; hosts: string[]; sources: string[] }) {
  const intl = useIntl();
  const [kind, setKind] = React.useState<LanderKind>(campaign.kinds[0]!);
  const [lang, setLang] = React.useState<Locale>(Object.keys(campaign.texts)[0] as Locale);
  const [values, setValues] = React.useState<Record<(typeof TRACKING_KEYS)[number], string>>({ network: '', ref: '', sub1: '', sub2: '', sub3: '' });
  // The site's own address: its first host name (this origin when the back office runs on it).
  const host = hosts.find((h) => h === location.hostname) ?? hosts.find((h) => !h.endsWith('localhost')) ?? hosts[0] ?? location.hostname;
  const origin = host === location.hostname ? location.origin : `https://${host}`;
  const path = `/landers/${kind}/${campaign.slug}`;
  const query = new URLSearchParams(TRACKING_KEYS.flatMap((k) => (values[k].trim() ? [[k, values[k].trim()]] : [])));
  const link = `${origin}${path}${query.size ? `?${query}` : ''}`;
  const open = (w: number, h: number) => window.open(`${origin}${path}?lang=${lang}`, '_blank', `noopener,width=${w},height=${h}`);
  const id = `bo-camp-${campaign.slug}`;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-tracking`}>
      <h2 id={`${id}-tracking`}><FormattedMessage {...c.tracking} /></h2>
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor={`${id}-kind`}><FormattedMessage {...c.kind} /></label>
          <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as LanderKind)}>
            {campaign.kinds.map((k) => <option key={k} value={k}>{k}</option>)}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-network`}><FormattedMessage {...c.network} /></label>
          <select id={`${id}-network`} value={values.network} onChange={(e) => setValues({ ...values, network: e.target.value })}>
            <option value="">{intl.formatMessage(c.noNetwork)}</option>
            {sources.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </div>
        {(['ref', 'sub1', 'sub2', 'sub3'] as const).map((k) => (
          <div key={k} className={styles.field}>
            <label htmlFor={`${id}-${k}`}>{k}</label>
            <input id={`${id}-${k}`} value={values[k]} maxLength={100} size={10} onChange={(e) => setValues({ ...values, [k]: e.target.value })} />
          </div>
        ))}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-link`}><FormattedMessage {...c.link} /></label>
        <input id={`${id}-link`} readOnly value={link} onFocus={(e) => e.target.select()} />
      </div>
      <h3><FormattedMessage {...c.preview} /></h3>
      {campaign.active ? (
        <>
          <p className={styles.hint}><FormattedMessage {...c.previewHint} /></p>
          <div className={styles.filters}>
            <div className={styles.field}>
              <label htmlFor={`${id}-lang`}><FormattedMessage {...c.language} /></label>
              <select id={`${id}-lang`} value={lang} onChange={(e) => setLang(e.target.value as Locale)}>
                {LOCALES.map((l) => <option key={l} value={l}>{LANGUAGE_NAMES[l]}</option>)}
              </select>
            </div>
            <button type="button" className={styles.secondary} onClick={() => open(390, 844)}>
              <FormattedMessage {...c.phone} values={{ kind }} />
            </button>
            <button type="button" className={styles.secondary} onClick={() => open(1280, 800)}>
              <FormattedMessage {...c.desktop} values={{ kind }} />
            </button>
          </div>
        </>
      ) : (
        <p className={styles.muted}><FormattedMessage {...c.previewOffline} /></p>
      )}
    </section>
  );
}

function Campaigns() {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: campaignsKey, queryFn: () => api.listCampaigns() });
  const [editing, setEditing] = React.useState<string | null>(null);
  const [shown, setShown] = React.useState<string | null>(null);
  const [formKey, setFormKey] = React.useState(0);
  const toggle = useMutation({
    mutationFn: (x: OperatorCampaign) => (x.active ? api.deactivateCampaign(x.slug) : api.updateCampaign({ slug: x.slug, active: true })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
  const current = list.data?.campaigns.find((x) => x.slug === (editing ?? shown));
  return (
    <>
      {list.status === 'pending' ? <div role="status" aria-busy="true"><FormattedMessage {...d.loading} /></div> : null}
      {list.status === 'error' ? <p role="alert" className={styles.alert}>{errorText(intl, list.error)}</p> : null}
      {toggle.isError ? <p role="alert" className={styles.alert}>{errorText(intl, toggle.error)}</p> : null}
      {list.data ? (
        list.data.campaigns.length ? (
          <div style={{ overflowX: 'auto' }}>
            <table className={styles.table}>
              <caption className={own.caption}><FormattedMessage {...c.list} /></caption>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage {...c.slug} /></th>
                  <th scope="col"><FormattedMessage {...c.kinds} /></th>
                  <th scope="col"><FormattedMessage {...c.state} /></th>
                  <th scope="col"><FormattedMessage {...c.visitors} /></th>
                  <th scope="col"><FormattedMessage {...c.signups} /></th>
                  <th scope="col"><FormattedMessage {...c.activations} /></th>
                  <th scope="col"><FormattedMessage {...c.purchases} /></th>
                  <th scope="col"><span className={styles.visuallyHidden}><FormattedMessage {...c.edit} values={{ slug: '' }} /></span></th>
                </tr>
              </thead>
              <tbody>
                {list.data.campaigns.map((x) => (
                  <tr key={x.slug}>
                    <th scope="row">{x.slug}</th>
                    <td>{x.kinds.join(', ')}</td>
                    <td>{intl.formatMessage(x.active ? c.live : c.offline)}</td>
                    <td>{intl.formatNumber(x.figures.visitors)}</td>
                    <td>{intl.formatNumber(x.figures.signups)}</td>
                    <td>{intl.formatNumber(x.figures.activations)}</td>
                    <td>{intl.formatNumber(x.figures.first_purchases)}</td>
                    <td className={own.actions}>
                      <button type="button" className={styles.secondary} onClick={() => { setEditing(x.slug); setShown(x.slug); }}>
                        <FormattedMessage {...c.edit} values={{ slug: x.slug }} />
                      </button>
                      <button type="button" className={styles.secondary} disabled={toggle.isPending} onClick={() => toggle.mutate(x)}>
                        <FormattedMessage {...(x.active ? c.deactivate : c.activate)} values={{ slug: x.slug }} />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.panel}><FormattedMessage {...c.none} /></p>
        )
      ) : null}
      {current && list.data ? <Tracking key={current.slug} campaign={current} hosts={list.data.hosts} sources={list.data.traffic_sources} /> : null}
      {editing && current ? (
        <Editor key={`edit-${editing}`} initial={draftOf(current)} isNew={false} onDone={() => setEditing(null)} />
      ) : (
        <Editor
          key={`new-${formKey}`}
          initial={NEW}
          isNew
          onDone={(slug) => {
            setFormKey((k) => k + 1);
            setShown(slug);
          }}
        />
      )}
    </>
  );
}

/** /backoffice/campaigns (admins): the site's lander campaigns, their texts in seven languages, figures, tracking links and previews. */
export function CampaignsView() {
  return <Desk area="campaigns" title={c.title}>{() => <Campaigns />}</Desk>;
}
