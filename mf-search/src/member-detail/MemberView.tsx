import * as React from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { ApiError, Fragment, queryKeys, useKnownUser, usePageTitle, useRemote, type Locale, type PublicProfile } from '@dating/shared';
import { QueryView, ui } from '@dating/shared/ui';
import { countryName, languageName, profileFieldLabel, profileValueLabel } from '@dating/shared/ui';
import { ChatButton, LikeButton, placeOf, ProfileBadges } from '../profiles/ProfileCard';
import { Gallery } from './Gallery';
import member from './member.module.css';
import styles from '../profiles/profiles.module.css';

/**
 * A photo the member shares with Premium members only, seen by someone who is not Premium: the API
 * sent no file, so a blurred placeholder stands in; opening it offers Premium (mf-commerce's /premium).
 */
function PremiumPhoto({ name, n }: { name: string; n: number }) {
  const { services, navigate } = useRemote();
  const intl = useIntl();
  const open = async () => {
    const choice = await services.modal.open({
      title: intl.formatMessage({ id: 'member.premiumPhoto.title', defaultMessage: 'A Premium photo' }),
      body: intl.formatMessage(
        { id: 'member.premiumPhoto.body', defaultMessage: '{name} shares this photo with Premium members only. With Premium you see it, and no webcam or partner ads.' },
        { name },
      ),
      actions: [
        { id: 'premium', label: intl.formatMessage({ id: 'member.premiumPhoto.go', defaultMessage: 'See Premium' }), variant: 'primary' },
        { id: 'close', label: intl.formatMessage({ id: 'member.premiumPhoto.later', defaultMessage: 'Not now' }), variant: 'secondary' },
      ],
    });
    if (choice === 'premium') navigate({ name: 'premium' });
  };
  return (
    <button type="button" className={styles.premiumPhoto} onClick={() => void open()}>
      <span aria-hidden="true" className={styles.premiumPhotoBlur} />
      <span className={styles.premiumPhotoLabel}>
        {intl.formatMessage({ id: 'member.premiumPhoto.label', defaultMessage: 'Premium photo {n} of {name}' }, { n, name })}
      </span>
    </button>
  );
}

/**
 * Clears the "new" mark of a like once its profile is opened from the likes page (spec §4):
 * only on /likes/m/:memberId, only for a member whose like is still new.
 */
function useMarkLikeSeen(memberId: number, viewerId: number | null | undefined, fromLikes: boolean) {
  const { api, queryClient } = useRemote();
  useQuery({
    queryKey: ['mf-search', 'like-seen', memberId, viewerId],
    queryFn: async () => {
      try {
        // The likes as the server has them now, into the cache under the contract's key (badge, likes page).
        const likes = await queryClient.fetchQuery({ queryKey: queryKeys.likes(), queryFn: () => api.likes(), staleTime: 0 });
        if (!likes.liked_by.some((p) => p.id === memberId && p.like_new)) return false;
        await api.markLikeSeen(memberId);
        queryClient.setQueryData(queryKeys.likes(), (current) =>
          current && { ...current, liked_by: current.liked_by.map((p) => (p.id === memberId ? { ...p, like_new: false } : p)) },
        );
        return true;
      } catch (error) {
        console.error('like could not be marked as seen', error);
        return false;
      }
    },
    enabled: fromLikes && Boolean(viewerId) && Number.isInteger(memberId),
    staleTime: Infinity,
  });
}

/** /members/:memberId and /likes/m/:memberId: photos, profile fields, notes, like and chat. */
export function MemberView() {
  const { api, params, href, routeName, settings, locale, query } = useRemote();
  // A visitor who came from a traffic source (velvet: search only with one) keeps it on the profile.
  const network = query.network || undefined;
  const intl = useIntl();
  const user = useKnownUser();
  /** undefined while unknown, null for a visitor: the profile reloads only when this changes. */
  const viewerId = user === undefined ? undefined : (user?.profile.id ?? null);
  const memberId = Number(params.memberId);
  const valid = Number.isInteger(memberId) && memberId > 0;
  const fromLikes = routeName === 'likes-m-memberId';

  useMarkLikeSeen(memberId, viewerId, fromLikes);

  // A visitor who logs in sees the profile again with like state: the viewer is part of the key.
  const load = useQuery({
    queryKey: ['mf-search', 'profile', memberId, viewerId, network],
    queryFn: async (): Promise<PublicProfile | null> => {
      try {
        return (await (network ? api.profile(memberId, { trafficsource: network }) : api.profile(memberId))).profile;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        console.error('profile could not be loaded', error);
        throw error;
      }
    },
    enabled: valid && viewerId !== undefined,
  });
  const shown = load.data;
  usePageTitle(
    shown
      ? shown.age != null
        ? intl.formatMessage({ id: 'card.nameAge', defaultMessage: '{name}, {age}' }, { name: shown.name, age: shown.age })
        : shown.name
      : undefined,
  );

  const back = fromLikes ? (
    <a href={href({ name: 'likes' })}>
      <FormattedMessage id="member.backToLikes" defaultMessage="Back to likes" />
    </a>
  ) : (
    <a href={href({ name: 'members', query: network ? { network } : undefined })}>
      <FormattedMessage id="member.back" defaultMessage="Back to search" />
    </a>
  );

  const missing = (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="member.missingTitle" defaultMessage="Profile not found" />
      </h1>
      <p className={ui.notice}>
        <FormattedMessage id="member.missing" defaultMessage="This member could not be found. The profile may have been removed." />
      </p>
      <p>{back}</p>
    </section>
  );
  if (!valid) return missing;
  if (load.status === 'error') {
    return (
      <section className={ui.view}>
        <QueryView query={load} errorTitle={<FormattedMessage id="member.failed" defaultMessage="This profile could not be loaded." />}>
          {() => null}
        </QueryView>
        <p>{back}</p>
      </section>
    );
  }
  if (load.status !== 'success' || user === undefined) {
    // The page's frame while the profile loads: the way back where it will be, and the photo's
    // square kept, so nothing moves when the profile arrives.
    return (
      <section className={`${ui.view} ${member.page}`}>
        <p>{back}</p>
        <div className={member.layout}>
          <div className={member.media}>
            <div className={member.photoPlaceholder} aria-hidden="true" />
          </div>
          <div className={member.details}>
            <QueryView query={load} loading={<FormattedMessage id="member.loading" defaultMessage="Loading profile…" />}>
              {() => null}
            </QueryView>
          </div>
        </div>
      </section>
    );
  }
  const profile = load.data;
  if (!profile) return missing;

  const s = settings.settings;
  const place = placeOf(profile, locale);
  const fields = profileFields(profile, s.visible_profile_fields, intl, locale);
  // Your own profile offers no like, no chat, no block and no report.
  const actions = Boolean(user) && user?.profile.id !== profile.id;

  return (
    <article className={`${ui.view} ${member.page} ${actions ? member.withActionBar : ''}`} aria-labelledby="member-name">
      <p>{back}</p>
      <div className={member.layout}>
        <div className={member.media}>
          <Gallery profile={profile} locked={(n) => <PremiumPhoto name={profile.name} n={n} />} />
          <ProfileBadges profile={profile} />
        </div>
        <div className={member.details}>
          <h1 id="member-name">
            {profile.age != null ? (
              <FormattedMessage id="card.nameAge" defaultMessage="{name}, {age}" values={{ name: profile.name, age: profile.age }} />
            ) : (
              profile.name
            )}
          </h1>
          {place && <p className={ui.lead}>{place}</p>}

          {actions ? (
            // Like, chat, block and report: under the name on wide screens; on phones a bar at the
            // bottom, above the shell's tab bar, in reach of the thumb.
            <div className={member.actionBar}>
              <div className={member.mainActions}>
                <LikeButton profile={profile} />
                <ChatButton profile={profile} />
              </div>
              {/* Block/unblock and report: mf-chat's, mounted as its fragment (DESIGN rule 8). */}
              <Fragment
                className={member.safety}
                remote="mf_chat"
                name="member-safety"
                label={intl.formatMessage({ id: 'member.safety', defaultMessage: 'Block or report {name}' }, { name: profile.name })}
                options={{ profileId: profile.id, name: profile.name }}
              />
            </div>
          ) : (
            !user && (
              <p className={ui.notice}>
                <FormattedMessage
                  id="member.visitor"
                  defaultMessage="<signup>Sign up for free</signup> or <login>log in</login> to like {name} and start a conversation."
                  values={{
                    name: profile.name,
                    signup: (chunks) => <a href={href({ name: 'signup' })}>{chunks}</a>,
                    login: (chunks) => <a href={href({ name: 'login' })}>{chunks}</a>,
                  }}
                />
              </p>
            )
          )}

          {fields.length > 0 && (
            <section aria-labelledby="member-about">
              <h2 id="member-about">
                <FormattedMessage id="member.about" defaultMessage="About {name}" values={{ name: profile.name }} />
              </h2>
              <dl className={ui.facts}>
                {fields.map(([label, value]) => (
                  <React.Fragment key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </React.Fragment>
                ))}
              </dl>
            </section>
          )}

          {s.visible_profile_notes && profile.personal.trim() && (
            <section aria-labelledby="member-notes">
              <h2 id="member-notes">
                <FormattedMessage id="member.notes" defaultMessage="In my own words" />
              </h2>
              <p className={styles.notes}>{profile.personal}</p>
            </section>
          )}
        </div>
      </div>
    </article>
  );
}

/** The profile fields the site shows (settings.visible_profile_fields), labelled, in order. */
function profileFields(profile: PublicProfile, visible: readonly string[], intl: IntlShape, locale: Locale): [string, string][] {
  const out: [string, string][] = [];
  for (const field of visible) {
    switch (field) {
      case 'gender':
        if (profile.gender)
          out.push([
            intl.formatMessage({ id: 'field.gender', defaultMessage: 'Gender' }),
            profile.gender === 'female'
              ? intl.formatMessage({ id: 'field.gender.female', defaultMessage: 'Woman' })
              : intl.formatMessage({ id: 'field.gender.male', defaultMessage: 'Man' }),
          ]);
        break;
      case 'age':
        if (profile.age != null) out.push([intl.formatMessage({ id: 'field.age', defaultMessage: 'Age' }), String(profile.age)]);
        break;
      case 'city':
        if (profile.city) out.push([intl.formatMessage({ id: 'field.city', defaultMessage: 'City' }), profile.city]);
        break;
      case 'countryregion':
        if (profile.countryregion)
          out.push([intl.formatMessage({ id: 'field.region', defaultMessage: 'Region' }), profile.countryregion]);
        break;
      case 'country':
        if (profile.country)
          out.push([intl.formatMessage({ id: 'field.country', defaultMessage: 'Country' }), countryName(profile.country, locale)]);
        break;
      case 'language':
        if (profile.language)
          out.push([intl.formatMessage({ id: 'field.language', defaultMessage: 'Language' }), languageName(profile.language, locale)]);
        break;
      default: {
        // The "about you" answers of the signup (relationship, looking for, height, …).
        const value = profile.fields?.[field];
        if (value) out.push([profileFieldLabel(intl, field), profileValueLabel(intl, field, value)]);
        break;
      }
    }
  }
  return out;
}
