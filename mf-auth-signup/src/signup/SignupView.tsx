import { FormattedMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { useKnownUser, useRemote, type SiteSettings } from '@dating/shared';
import { Loading, Notice, ui } from '@dating/shared/ui';
import { SignupFlow } from './SignupFlow';

/** Spec §2: signups are open to all, or only to visitors from a traffic source with a network. */
export function signupsOpen(settings: SiteSettings['settings'], query: Record<string, string>, network?: string): boolean {
  if (settings.signups === 'all') return true;
  return settings.signups === 'with_trafficsource' && Boolean(query.network || network);
}

export interface SignupFormProps {
  /** The member whose page the signup started from. */
  profile: number | null;
  autoSkip?: boolean;
  headingLevel?: 2 | 3;
}

/**
 * The signup form with its gate: a visitor sees the steps only when signups are open for them,
 * else the invite-only notice with a log-in link. A logged-in member continues the steps.
 */
export function SignupForm({ profile, autoSkip = false, headingLevel = 2 }: SignupFormProps) {
  const { settings, query, href } = useRemote();
  const user = useKnownUser();
  if (user === undefined) {
    return (
      <Loading>
        <FormattedMessage id="common.loading" defaultMessage="Loading…" />
      </Loading>
    );
  }
  if (!user && !signupsOpen(settings.settings, query)) {
    return (
      <>
        <Notice>
          <FormattedMessage id="signup.inviteOnly" defaultMessage="Signing up for this site is by invitation only." />
        </Notice>
        <p>
          <FormattedMessage id="signup.haveAccount" defaultMessage="Already a member?" />{' '}
          <a href={href({ name: 'login' })}>
            <FormattedMessage id="signup.loginLink" defaultMessage="Log in" />
          </a>
        </p>
      </>
    );
  }
  return (
    <>
      <SignupFlow profile={profile} autoSkip={autoSkip} headingLevel={headingLevel} />
      {!user && (
        <p>
          <FormattedMessage id="signup.haveAccount" defaultMessage="Already a member?" />{' '}
          <a href={href({ name: 'login' })}>
            <FormattedMessage id="signup.loginLink" defaultMessage="Log in" />
          </a>
        </p>
      )}
    </>
  );
}

/** A member id from a route param or an option; null unless a positive integer. */
export function memberIdOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The name of the member a signup page names, where the visitor may see that profile (sites that
 * let visitors search, or a campaign visitor with ?network=); null otherwise: a person is never
 * shown an id instead of a name.
 */
function useMemberName(id: number | null): string | null {
  const { api, query } = useRemote();
  const answer = useQuery({
    queryKey: ['profile', id, 'name', query.network ?? null],
    queryFn: async () => {
      try {
        const { profile } = await (query.network ? api.profile(id!, { trafficsource: query.network }) : api.profile(id!));
        return profile.name;
      } catch {
        // Not visible to this visitor (or gone): the page simply does not name anyone.
        return null;
      }
    },
    enabled: id !== null,
    staleTime: Infinity,
  });
  return answer.data ?? null;
}

/** /signup and /members/:memberId/signup (which passes that profile along). */
export function SignupView() {
  const { params } = useRemote();
  const profile = memberIdOf(params.memberId);
  const name = useMemberName(profile);
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="signup.title" defaultMessage="Sign up for free" />
      </h1>
      {profile && name && (
        <p className={ui.lead}>
          <FormattedMessage id="signup.forMember" defaultMessage="You are signing up to meet {name}." values={{ name }} />
        </p>
      )}
      <SignupForm profile={profile} />
    </section>
  );
}
