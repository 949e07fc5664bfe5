import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Fragment, useKnownUser, useRemote, type User } from '@dating/shared';
import { Loading, Notice, ui } from '@dating/shared/ui';
import { PhotoForm } from '../forms/PhotoForm';
import { LocationForm } from '../forms/LocationForm';
import { PersonalForm } from '../forms/PersonalForm';
import { NotesForm } from '../forms/NotesForm';
import { DeleteAccountForm, MailChangeForm, PasswordSection } from './AccountForms';
import { SessionsSection } from './SessionsSection';
import { ReviewSection } from './ReviewSection';
import { SiteRunSection } from './SiteRunSection';
import { PhotoOrder } from './PhotoOrder';
import styles from '../common/form.module.css';

/**
 * A titled part of the page, a named region. `region={false}` where the content is itself a region
 * of the same name (another remote's fragment: the shell names it): one landmark, not two alike.
 */
function Section({ id, title, children, region = true }: { id: string; title: React.ReactNode; children: React.ReactNode; region?: boolean }) {
  const Tag = region ? 'section' : 'div';
  return (
    <Tag className={styles.section} aria-labelledby={region ? `profile-${id}` : undefined} id={id}>
      <h2 id={`profile-${id}`}>{title}</h2>
      {children}
    </Tag>
  );
}

function MyProfile({ user }: { user: User }) {
  const { settings, hash, flags, api } = useRemote();
  const intl = useIntl();
  const p = user.profile;
  const save = <FormattedMessage id="common.save" defaultMessage="Save" />;
  const age = p.age !== null ? intl.formatMessage({ id: 'profile.ageYears', defaultMessage: '{age} years' }, { age: p.age }) : null;
  return (
    <>
      <p className={ui.lead}>
        {p.name}
        {age ? `, ${age}` : ''}
        {p.city ? ` · ${p.city}` : ''}
      </p>
      <ReviewSection user={user} />
      <Section id="photo" title={<FormattedMessage id="profile.section.photo" defaultMessage="Photo" />}>
        <PhotoForm
          submitLabel={<FormattedMessage id="profile.photo.upload" defaultMessage="Upload photo" />}
          currentUrl={p.main_image ? `${settings.settings.cdn_prefix}${p.main_image.thumb_filename}` : null}
        />
        {/* The order of the photos and which is the main one. */}
        <PhotoOrder user={user} />
        {/* Which photos only Premium members see: mf-commerce's switches, mounted as its fragment (DESIGN rule 8). */}
        <Fragment remote="mf_commerce" name="premium-photos" label={intl.formatMessage({ id: 'profile.premiumPhotos', defaultMessage: 'Photos for Premium members' })} />
      </Section>
      <Section id="location" title={<FormattedMessage id="profile.section.location" defaultMessage="Where I live" />}>
        <LocationForm initial={{ country: p.country ?? '', countryregion: p.countryregion ?? '', city: p.city ?? '' }} submitLabel={save} />
      </Section>
      <Section id="personal" title={<FormattedMessage id="profile.section.personal" defaultMessage="Personal information" />}>
        <PersonalForm
          withName
          email={user.email}
          initial={{
            name: p.name,
            gender: p.gender ?? '',
            date_of_birth: p.date_of_birth,
            fields: { ...(p.fields ?? {}), ...(p.language ? { language: p.language } : {}) },
          }}
          submitLabel={save}
        />
      </Section>
      <Section id="notes" title={<FormattedMessage id="profile.section.notes" defaultMessage="About me" />}>
        <NotesForm initial={p.personal} submitLabel={save} />
      </Section>
      <Section id="email" title={<FormattedMessage id="profile.section.email" defaultMessage="Email address" />}>
        <MailChangeForm user={user} focusEmail={hash === 'email'} />
      </Section>
      {flags.chat && (
        <Section id="privacy" region={false} title={<FormattedMessage id="profile.section.privacy" defaultMessage="Privacy in chat" />}>
          {/* mf-chat's own switch, mounted as its fragment (DESIGN rule 8). */}
          <Fragment remote="mf_chat" name="presence-setting" label={intl.formatMessage({ id: 'profile.section.privacy', defaultMessage: 'Privacy in chat' })} />
        </Section>
      )}
      {flags.chat && (
        <Section id="site-run" title={<FormattedMessage id="profile.section.siteRun" defaultMessage="Profiles run by the site" />}>
          <SiteRunSection />
        </Section>
      )}
      <Section id="password" title={<FormattedMessage id="profile.section.password" defaultMessage="Password" />}>
        <PasswordSection user={user} />
      </Section>
      <Section id="data" title={<FormattedMessage id="profile.section.data" defaultMessage="Your data" />}>
        <p>
          <FormattedMessage
            id="profile.data.body"
            defaultMessage="Everything we keep about you in one ZIP file: your profile and notes, photos, likes, messages, payments and the complaints you filed."
          />
        </p>
        {/* A link the browser follows: the archive streams to disk, with the session cookie. */}
        <a className={ui.button} href={api.dataExportUrl()} download>
          <FormattedMessage id="profile.data.download" defaultMessage="Download my data (ZIP)" />
        </a>
      </Section>
      <Section id="sessions" title={<FormattedMessage id="profile.section.sessions" defaultMessage="Where you are logged in" />}>
        <SessionsSection />
      </Section>
      <Section id="delete" title={<FormattedMessage id="profile.section.delete" defaultMessage="Delete account" />}>
        <DeleteAccountForm />
      </Section>
    </>
  );
}

/** /profile: the member's own profile: photo, location, personal info, notes, email, password; delete. */
export function ProfileView() {
  const { href } = useRemote();
  const user = useKnownUser();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="profile.title" defaultMessage="My profile" />
      </h1>
      {user === undefined ? (
        <Loading>
          <FormattedMessage id="common.loading" defaultMessage="Loading…" />
        </Loading>
      ) : user === null ? (
        <Notice>
          <FormattedMessage id="profile.loggedOut" defaultMessage="Log in to see your profile." />{' '}
          <a href={href({ name: 'login' })}>
            <FormattedMessage id="profile.loginLink" defaultMessage="Log in" />
          </a>
        </Notice>
      ) : (
        // Keyed by member: forms start from the profile as loaded, not from later saves.
        <MyProfile key={user.profile.id} user={user} />
      )}
    </section>
  );
}
