import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { ApiError, LOCALES, useRemote, type Locale, type OperatorSiteSettings, type SiteEdit } from '@dating/shared';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import own from './sites.module.css';
import { saveSiteSettings, siteSettings } from './api';
import { w } from './messages';

const siteKey = [OPERATOR_KEY, 'site-settings'] as const;
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', nl: 'Nederlands', de: 'Deutsch', it: 'Italiano', fr: 'Français', es: 'Español', pl: 'Polski' };
type FlagName = keyof SiteEdit['flags'];
const FLAGS: Record<FlagName, MessageDescriptor> = {
  navigation: w.flagNavigation,
  ui: w.flagUi,
  signup: w.flagSignup,
  profileSearch: w.flagProfileSearch,
  profileSearchProfile: w.flagProfileSearchProfile,
  memberDetails: w.flagMemberDetails,
  chat: w.flagChat,
  myProfile: w.flagMyProfile,
  notifications: w.flagNotifications,
  footer: w.flagFooter,
  devPanelOpen: w.flagDevPanelOpen,
};
const COLOURS = [
  ['primaryColor', w.primaryColor],
  ['accentColor', w.accentColor],
  ['backgroundColor', w.backgroundColor],
  ['textColor', w.textColor],
] as const;
const SIGNUPS = [
  ['all', w.signupsAll],
  ['with_trafficsource', w.signupsSource],
  ['other', w.signupsInvite],
] as const;
type CompanyText = 'name' | 'address' | 'kvk' | 'city' | 'country' | 'support_phone' | 'support_email';
const COMPANY: Array<[CompanyText, MessageDescriptor, string?]> = [
  ['name', w.companyName],
  ['address', w.address],
  ['kvk', w.kvk],
  ['city', w.city],
  ['country', w.country],
  ['support_phone', w.phone, 'tel'],
  ['support_email', w.email, 'email'],
];
const list = (text: string) => text.split(',').map((x) => x.trim()).filter(Boolean);

function Editor({ loaded }: { loaded: OperatorSiteSettings }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { services } = useRemote();
  const [s, setS] = React.useState<SiteEdit>(loaded.site);
  const [tradenames, setTradenames] = React.useState(loaded.site.company.tradenames.join(', '));
  const [vat, setVat] = React.useState(loaded.site.company.vat_numbers.join(', '));
  const [discount, setDiscount] = React.useState(loaded.site.company.delete_discount === null ? '' : String(loaded.site.company.delete_discount));
  const save = useMutation({
    mutationFn: () =>
      saveSiteSettings(api, {
        updated_at: loaded.updated_at,
        site: { ...s, company: { ...s.company, tradenames: list(tradenames), vat_numbers: list(vat), delete_discount: discount.trim() === '' ? null : Number(discount) } },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(siteKey, answer);
      services.toast({ message: intl.formatMessage(w.saved), variant: 'success' });
    },
  });
  const field = save.error instanceof ApiError ? save.error.field?.replace(/^site\./, '') : undefined;
  const inv = (name: string) => (field === name || field?.startsWith(`${name}.`) ? { 'aria-invalid': true as const, 'aria-errormessage': 'bo-site-error' } : {});
  const setTheme = (k: keyof SiteEdit['theme'], value: string) => setS({ ...s, theme: { ...s.theme, [k]: value } });
  const setCompany = (k: CompanyText, value: string) => setS({ ...s, company: { ...s.company, [k]: value } });
  return (
    <form
      aria-label={intl.formatMessage(w.title)}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <p className={styles.hint}>
        <FormattedMessage {...w.intro} values={{ site: loaded.template_name, hosts: loaded.hosts.join(', ') }} />
      </p>
      <fieldset className={`${styles.panel} ${own.fieldset}`}>
        <legend><FormattedMessage {...w.template} /></legend>
        <div className={styles.filters}>
          {(['brandName', 'tagline', 'logoText'] as const).map((k) => (
            <div key={k} className={styles.field}>
              <label htmlFor={`bo-site-${k}`}><FormattedMessage {...w[k]} /></label>
              <input id={`bo-site-${k}`} value={s.theme[k]} onChange={(e) => setTheme(k, e.target.value)} {...inv(`theme.${k}`)} />
            </div>
          ))}
          {COLOURS.map(([k, label]) => (
            <div key={k} className={styles.field}>
              <label htmlFor={`bo-site-${k}`}><FormattedMessage {...label} /></label>
              <input id={`bo-site-${k}`} type="color" value={s.theme[k]} onChange={(e) => setTheme(k, e.target.value)} {...inv(`theme.${k}`)} />
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className={`${styles.panel} ${own.fieldset}`} {...inv('languages')}>
        <legend><FormattedMessage {...w.languages} /></legend>
        <div className={own.choices}>
          {LOCALES.map((l) => (
            <label key={l} lang={l}>
              <input
                type="checkbox"
                checked={s.languages.includes(l)}
                onChange={(e) => setS({ ...s, languages: e.target.checked ? LOCALES.filter((x) => x === l || s.languages.includes(x)) : s.languages.filter((x) => x !== l) })}
              />{' '}
              {LANGUAGE_NAMES[l]}
            </label>
          ))}
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-site-first"><FormattedMessage {...w.firstLanguage} /></label>
          <select id="bo-site-first" value={s.domain_language} onChange={(e) => setS({ ...s, domain_language: e.target.value as Locale })} {...inv('domain_language')}>
            {LOCALES.map((l) => <option key={l} value={l}>{LANGUAGE_NAMES[l]}</option>)}
          </select>
        </div>
      </fieldset>
      <fieldset className={`${styles.panel} ${own.fieldset}`}>
        <legend><FormattedMessage {...w.signups} /></legend>
        {SIGNUPS.map(([mode, label]) => (
          <div key={mode}>
            <label>
              <input type="radio" name="bo-site-signups" value={mode} checked={s.signups === mode} onChange={() => setS({ ...s, signups: mode })} /> <FormattedMessage {...label} />
            </label>
          </div>
        ))}
      </fieldset>
      <fieldset className={`${styles.panel} ${own.fieldset}`}>
        <legend><FormattedMessage {...w.search} /></legend>
        <div>
          <label>
            <input type="checkbox" checked={s.logged_out_search} onChange={(e) => setS({ ...s, logged_out_search: e.target.checked })} /> <FormattedMessage {...w.searchOn} />
          </label>
        </div>
        <div>
          <label>
            <input type="checkbox" checked={s.logged_out_search_trafficsource} onChange={(e) => setS({ ...s, logged_out_search_trafficsource: e.target.checked })} />{' '}
            <FormattedMessage {...w.searchSource} />
          </label>
        </div>
      </fieldset>
      <fieldset className={`${styles.panel} ${own.fieldset}`}>
        <legend><FormattedMessage {...w.flags} /></legend>
        <div className={own.choices}>
          {(Object.keys(FLAGS) as FlagName[]).map((f) => (
            <label key={f}>
              <input type="checkbox" checked={s.flags[f]} onChange={(e) => setS({ ...s, flags: { ...s.flags, [f]: e.target.checked } })} /> <FormattedMessage {...FLAGS[f]} />
            </label>
          ))}
        </div>
        <p className={own.subhead}><FormattedMessage {...w.mark} /></p>
        <label>
          <input type="checkbox" checked={s.fictional_icon} onChange={(e) => setS({ ...s, fictional_icon: e.target.checked })} /> <FormattedMessage {...w.markIcon} />
        </label>
      </fieldset>
      <fieldset className={`${styles.panel} ${own.fieldset}`}>
        <legend><FormattedMessage {...w.company} /></legend>
        <div className={styles.filters}>
          {COMPANY.map(([k, label, type]) => (
            <div key={k} className={styles.field}>
              <label htmlFor={`bo-site-c-${k}`}><FormattedMessage {...label} /></label>
              <input id={`bo-site-c-${k}`} type={type ?? 'text'} value={s.company[k]} onChange={(e) => setCompany(k, e.target.value)} {...inv(`company.${k}`)} />
            </div>
          ))}
          <div className={styles.field}>
            <label htmlFor="bo-site-c-tradenames"><FormattedMessage {...w.tradenames} /></label>
            <input id="bo-site-c-tradenames" value={tradenames} onChange={(e) => setTradenames(e.target.value)} {...inv('company.tradenames')} />
          </div>
          <div className={styles.field}>
            <label htmlFor="bo-site-c-vat"><FormattedMessage {...w.vat} /></label>
            <input id="bo-site-c-vat" value={vat} onChange={(e) => setVat(e.target.value)} {...inv('company.vat_numbers')} />
          </div>
          <div className={styles.field}>
            <label htmlFor="bo-site-c-discount"><FormattedMessage {...w.deleteDiscount} /></label>
            <input id="bo-site-c-discount" inputMode="numeric" value={discount} onChange={(e) => setDiscount(e.target.value)} {...inv('company.delete_discount')} />
          </div>
        </div>
      </fieldset>
      {save.isError ? <p id="bo-site-error" role="alert" className={styles.alert}>{errorText(intl, save.error)}</p> : null}
      <button type="submit" className={styles.button} disabled={save.isPending}>
        <FormattedMessage {...w.save} />
      </button>
    </form>
  );
}

function Site() {
  const api = useOperatorApi();
  const intl = useIntl();
  const site = useQuery({ queryKey: siteKey, queryFn: () => siteSettings(api) });
  if (site.status === 'pending') return <div role="status" aria-busy="true"><FormattedMessage {...d.loading} /></div>;
  if (site.status === 'error') return <p role="alert" className={styles.alert}>{errorText(intl, site.error)}</p>;
  // A new editor for each site (a site switch) and each save (its new updated_at).
  return <Editor key={`${site.data.template_name} ${site.data.updated_at}`} loaded={site.data} />;
}

/** /backoffice/site (admins): the current site's template, languages, signups, logged-out search, flags and company. */
export function SiteView() {
  return <Desk area="sites" title={w.title}>{() => <Site />}</Desk>;
}
