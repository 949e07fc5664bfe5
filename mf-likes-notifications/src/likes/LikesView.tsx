import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMutation, useMutationState, useQuery } from '@tanstack/react-query';
import { queryKeys, useRemote, type LikesResponse, type PublicProfile } from '@dating/shared';
import { Notice, QueryView, SiteRunMark, ui, useMatchCelebration } from '@dating/shared/ui';
import { countryName, SquarePhoto } from '@dating/shared/ui';
import styles from '../common/likes.module.css';

/** The kinds of /likes/:type: likes received (`liked_by`) and likes given (`profiles`). */
export const LIKE_TYPES = ['received', 'given'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

type LikedBy = LikesResponse['liked_by'][number];

/** Spec §4: received likes are ordered new ones first (stable: otherwise the API's order). */
export function newFirst<T extends { like_new: boolean }>(likes: readonly T[]): T[] {
  return [...likes.filter((l) => l.like_new), ...likes.filter((l) => !l.like_new)];
}

/** The side of a thumbnail in the list, in CSS px (3.5rem, likes.module.css). */
export const THUMB_SIZE_PX = 56;

function Thumb({ profile }: { profile: PublicProfile }) {
  const { settings } = useRemote();
  const main = profile.main_image;
  return main?.thumb_filename ? (
    <SquarePhoto className={styles.thumb} cdnPrefix={settings.settings.cdn_prefix} image={main} sizes="3.5rem" px={THUMB_SIZE_PX} alt="" />
  ) : (
    <span className={styles.thumb} aria-hidden="true">
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** `match`: both like each other (spec §4's mutual like), said in words next to the name. */
function Who({ profile, isNew, match }: { profile: PublicProfile; isNew?: boolean; match?: boolean }) {
  const { href, locale } = useRemote();
  const place = [profile.city, profile.country ? countryName(profile.country, locale) : null].filter(Boolean).join(', ');
  return (
    <div className={styles.main}>
      <a className={styles.name} href={href({ name: 'likes-m-memberId', params: { memberId: profile.id } })}>
        {profile.age != null ? (
          <FormattedMessage id="likes.nameAge" defaultMessage="{name}, {age}" values={{ name: profile.name, age: profile.age }} />
        ) : (
          profile.name
        )}
      </a>{' '}
      <SiteRunMark profile={profile} />
      {isNew && (
        <span className={styles.badge}>
          <FormattedMessage id="likes.new" defaultMessage="New" />
        </span>
      )}
      {match && (
        <span className={styles.badge}>
          <span aria-hidden="true">♥ </span>
          <FormattedMessage id="likes.match" defaultMessage="It’s a match: you like each other" />
        </span>
      )}
      {place && <p className={styles.meta}>{place}</p>}
    </div>
  );
}

/** /likes and /likes/:type: members who liked the member (new first) and members the member liked. */
export function LikesView() {
  const { api, queryClient, params, href, services, flags } = useRemote();
  const intl = useIntl();
  const type = params.type as string | undefined;
  const known = type === undefined || (LIKE_TYPES as readonly string[]).includes(type);
  // The likes live in the query cache under the contract's key (the shell polls them and its live
  // events refresh them; the nav badge counts them); this page reads them afresh on entering.
  const load = useQuery({
    queryKey: queryKeys.likes(),
    queryFn: async () => {
      try {
        return await api.likes();
      } catch (error) {
        // Spec §8: a likes failure is only logged; the page still offers to try again.
        console.error('likes could not be loaded', error);
        throw error;
      }
    },
    staleTime: 0,
  });
  const likes = load.data;
  const cached = () => queryClient.getQueryData(queryKeys.likes());
  const setLikes = (next: LikesResponse) => queryClient.setQueryData(queryKeys.likes(), next);

  /** Unlike from the list: gone at once; put back where it was, with a toast, when the call fails. */
  const unlikeKey = ['mf-likes-notifications', 'unlike'];
  const unlike = useMutation({
    mutationKey: unlikeKey,
    mutationFn: (profile: PublicProfile) => api.unlike(profile.id),
    onMutate: (profile) => {
      const before = cached();
      const index = before ? before.profiles.findIndex((p) => p.id === profile.id) : -1;
      if (before) {
        setLikes({
          profiles: before.profiles.filter((p) => p.id !== profile.id),
          liked_by: before.liked_by.map((p) => (p.id === profile.id ? { ...p, liked: false } : p)),
        });
      }
      return { index };
    },
    onError: (error, profile, context) => {
      console.error('unlike failed', error);
      const now = cached();
      if (now && !now.profiles.some((p) => p.id === profile.id)) {
        const profiles = [...now.profiles];
        profiles.splice(Math.min(context?.index ?? profiles.length, profiles.length), 0, profile);
        setLikes({
          profiles,
          liked_by: now.liked_by.map((p) => (p.id === profile.id ? { ...p, liked: true } : p)),
        });
      }
      services.toast({
        variant: 'danger',
        title: intl.formatMessage({ id: 'error.title', defaultMessage: 'Error' }),
        message: intl.formatMessage(
          { id: 'likes.unlikeFailed', defaultMessage: 'Your like for {name} could not be removed. Please try again.' },
          { name: profile.name },
        ),
      });
    },
  });
  /** Ids of the profiles whose unlike is under way. */
  const removing = new Set(
    useMutationState({ filters: { mutationKey: unlikeKey, status: 'pending' }, select: (m) => (m.state.variables as PublicProfile).id }),
  );

  /**
   * Like back from "Liked me": liked at once (the row's button and the "I liked" list); taken back,
   * with a toast, when the call fails. A like back is a match, and the match is celebrated.
   */
  const celebrate = useMatchCelebration();
  const likeBackKey = ['mf-likes-notifications', 'like-back'];
  const likeBack = useMutation({
    mutationKey: likeBackKey,
    mutationFn: (profile: PublicProfile) => api.like(profile.id),
    onMutate: (profile) => {
      const before = cached();
      if (before) {
        const liked = { ...profile, liked: true };
        setLikes({
          profiles: [liked, ...before.profiles.filter((p) => p.id !== profile.id)],
          liked_by: before.liked_by.map((p) => (p.id === profile.id ? { ...p, liked: true } : p)),
        });
      }
    },
    onSuccess: (answer, profile) => {
      if (answer.match) void celebrate(profile);
    },
    onError: (error, profile) => {
      console.error('like back failed', error);
      const now = cached();
      if (now) {
        setLikes({
          profiles: now.profiles.filter((p) => p.id !== profile.id),
          liked_by: now.liked_by.map((p) => (p.id === profile.id ? { ...p, liked: false } : p)),
        });
      }
      services.toast({
        variant: 'danger',
        title: intl.formatMessage({ id: 'error.title', defaultMessage: 'Error' }),
        message: intl.formatMessage(
          { id: 'likes.likeBackFailed', defaultMessage: 'Your like for {name} could not be saved. Please try again.' },
          { name: profile.name },
        ),
      });
    },
  });
  /** Ids of the profiles whose like back is under way. */
  const liking = new Set(
    useMutationState({ filters: { mutationKey: likeBackKey, status: 'pending' }, select: (m) => (m.state.variables as PublicProfile).id }),
  );

  const tabs: { label: React.ReactNode; to: LikeType | undefined }[] = [
    { label: <FormattedMessage id="likes.tab.all" defaultMessage="All likes" />, to: undefined },
    { label: <FormattedMessage id="likes.tab.received" defaultMessage="Liked me" />, to: 'received' },
    { label: <FormattedMessage id="likes.tab.given" defaultMessage="I liked" />, to: 'given' },
  ];

  const received: LikedBy[] = likes ? newFirst(likes.liked_by) : [];
  const likedMe = new Set(received.map((p) => p.id));
  const given = likes?.profiles ?? [];
  const newCount = received.filter((l) => l.like_new).length;

  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="likes.title" defaultMessage="Likes" />
      </h1>
      <nav aria-label={intl.formatMessage({ id: 'likes.nav', defaultMessage: 'Which likes' })}>
        <ul className={styles.tabs}>
          {tabs.map((t) => (
            <li key={t.to ?? 'all'}>
              <a
                className={styles.tab}
                href={t.to ? href({ name: 'likes-type', params: { type: t.to } }) : href({ name: 'likes' })}
                aria-current={t.to === type ? 'page' : undefined}
              >
                {t.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {!known ? (
        <Notice>
          <FormattedMessage id="likes.unknownType" defaultMessage="There is no such list of likes." />
        </Notice>
      ) : (
        <QueryView
          query={load}
          loading={<FormattedMessage id="likes.loading" defaultMessage="Loading your likes…" />}
          errorTitle={<FormattedMessage id="likes.failed" defaultMessage="Your likes could not be loaded." />}
        >
          {() => (
            <>
              {type !== 'given' && (
                <section aria-labelledby="likes-received">
                  <h2 id="likes-received">
                    <FormattedMessage id="likes.received" defaultMessage="Liked me" />
                    {newCount > 0 && (
                      <span className={styles.badge}>
                        <FormattedMessage id="likes.newCount" defaultMessage="{count, number} new" values={{ count: newCount }} />
                      </span>
                    )}
                  </h2>
                  {received.length === 0 ? (
                    <p className={ui.notice}>
                      <FormattedMessage id="likes.receivedEmpty" defaultMessage="Nobody has liked you yet. A photo and a few words about yourself help." />
                    </p>
                  ) : (
                    <ul className={styles.list} aria-labelledby="likes-received">
                      {received.map((p) => (
                        <li key={p.id} className={`${styles.item} ${p.like_new ? styles.unread : ''}`}>
                          <Thumb profile={p} />
                          <Who profile={p} isNew={p.like_new} match={p.liked} />
                          <div className={styles.actions}>
                            <button
                              type="button"
                              className={styles.action}
                              aria-pressed={p.liked}
                              disabled={liking.has(p.id) || removing.has(p.id)}
                              onClick={() => (p.liked ? unlike.mutate(p) : likeBack.mutate(p))}
                            >
                              {/* The name is in the visible words too (WCAG 2.5.3); liked or not is aria-pressed and the heart. */}
                              <span aria-hidden="true">{p.liked ? '♥ ' : '♡ '}</span>
                              <FormattedMessage id="likes.likeBackNamed" defaultMessage="Like {name} back" values={{ name: p.name }} />
                            </button>
                            {flags.chat && (
                              <a
                                className={styles.action}
                                href={href({ name: 'members-memberId-chat', params: { memberId: p.id } })}
                                aria-label={intl.formatMessage({ id: 'likes.chatNamed', defaultMessage: 'Chat with {name}' }, { name: p.name })}
                              >
                                <FormattedMessage id="likes.chat" defaultMessage="Chat" />
                              </a>
                            )}
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              )}
              {type !== 'received' && (
                <section aria-labelledby="likes-given">
                  <h2 id="likes-given">
                    <FormattedMessage id="likes.given" defaultMessage="I liked" />
                  </h2>
                  {given.length === 0 ? (
                    <p className={ui.notice}>
                      <FormattedMessage
                        id="likes.givenEmpty"
                        defaultMessage="You have not liked anyone yet. <search>Search members</search> to find someone you like."
                        values={{ search: (chunks) => <a href={href({ name: 'members' })}>{chunks}</a> }}
                      />
                    </p>
                  ) : (
                    <ul className={styles.list} aria-labelledby="likes-given">
                      {given.map((p) => (
                        <li key={p.id} className={styles.item}>
                          <Thumb profile={p} />
                          <Who profile={p} match={likedMe.has(p.id)} />
                          <button
                            type="button"
                            className={styles.action}
                            disabled={removing.has(p.id)}
                            onClick={() => !removing.has(p.id) && unlike.mutate(p)}
                            aria-label={intl.formatMessage({ id: 'likes.unlikeNamed', defaultMessage: 'Unlike {name}' }, { name: p.name })}
                          >
                            <FormattedMessage id="likes.unlike" defaultMessage="Unlike" />
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              )}
            </>
          )}
        </QueryView>
      )}
    </section>
  );
}
