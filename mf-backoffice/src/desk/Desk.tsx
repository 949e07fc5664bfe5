import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { ApiError, useRemote, type Operator, type OperatorArea, type OperatorRole, type RouteName } from '@dating/shared';
import { DESK_ROLES, OPERATOR_AREAS } from '@dating/shared/operator-lists';
import { errorText } from './errors';
import { d } from './messages';
import { s as siteRun } from '../site-run/messages';
import { b as dashboards } from '../dashboards/messages';
import styles from './desk.module.css';

/** Every query of the back office starts with this key: a site switch or sign-out refreshes them all. */
export const OPERATOR_KEY = 'operator';
export const meKey = [OPERATOR_KEY, 'me'] as const;

/** The page's API client: its operator calls are the contract's (shared/src/api/client.ts). */
export function useOperatorApi() {
  return useRemote().api;
}

/** The operator of this browser's back-office session: null when nobody is signed in. */
export function useOperator() {
  const op = useOperatorApi();
  return useQuery({
    queryKey: meKey,
    queryFn: async () => {
      try {
        return (await op.operatorMe()).operator;
      } catch (error) {
        // No operator session (or a member's): nobody is signed in here.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function mayUse(role: OperatorRole, area: OperatorArea): boolean {
  return (OPERATOR_AREAS[area] as readonly OperatorRole[]).includes(role);
}

const ROLE: Record<OperatorRole, MessageDescriptor> = {
  admin: d.roleAdmin,
  moderator: d.roleModerator,
  support: d.roleSupport,
  finance: d.roleFinance,
};

/** The screens, in the bar's order, with the part of the back office each belongs to. */
/** `roles`: narrower than the area (the payments desk is not support's, who refund from the member page). */
const SCREENS: Array<{ route: RouteName; area: OperatorArea | null; roles?: readonly OperatorRole[]; label: MessageDescriptor }> = [
  { route: 'backoffice-moderation', area: 'moderation', label: d.moderation },
  { route: 'backoffice-reports', area: 'reports', label: d.reports },
  { route: 'backoffice-members', area: 'members', label: d.members },
  { route: 'backoffice-payments', area: 'payments', roles: DESK_ROLES.payments, label: d.payments },
  { route: 'backoffice-prices', area: 'prices', label: d.prices },
  { route: 'backoffice-campaigns', area: 'campaigns', label: d.campaigns },
  { route: 'backoffice-dashboards', area: 'dashboards', label: dashboards.nav },
  { route: 'backoffice-site', area: 'sites', label: d.siteSettings },
  { route: 'backoffice-remotes', area: 'registry', label: d.remotes },
  { route: 'backoffice-site-run', area: 'site_run_console', label: siteRun.navConsole },
  { route: 'backoffice-site-run-profiles', area: 'site_run_profiles', label: siteRun.navProfiles },
  { route: 'backoffice-audit', area: 'audit', label: d.audit },
  { route: 'backoffice-operators', area: 'operators', label: d.operators },
];

export function screensFor(role: OperatorRole) {
  return SCREENS.filter((s) => (s.area === null || mayUse(role, s.area)) && (!s.roles || s.roles.includes(role)));
}

function SiteSwitcher({ operator }: { operator: Operator }) {
  const op = useOperatorApi();
  const queryClient = useQueryClient();
  const intl = useIntl();
  const { services } = useRemote();
  const id = React.useId();
  const change = useMutation({
    mutationFn: (site: number) => op.operatorSwitchSite(site),
    onSuccess: async (answer) => {
      queryClient.setQueryData(meKey, answer.operator);
      await queryClient.invalidateQueries({ queryKey: [OPERATOR_KEY], predicate: (q) => q.queryKey[1] !== 'me' });
      if (answer.operator) services.toast({ message: intl.formatMessage(d.siteSwitched, { site: answer.operator.current_site.brand }), variant: 'info' });
    },
    onError: (error) => services.toast({ message: errorText(intl, error), variant: 'danger' }),
  });
  if (operator.sites.length < 2) return <span>{operator.current_site.brand}</span>;
  return (
    <span>
      <label htmlFor={id} className={styles.visuallyHidden}>
        <FormattedMessage {...d.site} />
      </label>
      <select id={id} value={operator.current_site.id} disabled={change.isPending} onChange={(e) => change.mutate(Number(e.target.value))}>
        {operator.sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.brand}
          </option>
        ))}
      </select>
    </span>
  );
}

function Bar({ operator, current }: { operator: Operator; current: RouteName }) {
  const { href, navigate } = useRemote();
  const op = useOperatorApi();
  const queryClient = useQueryClient();
  const intl = useIntl();
  const signOut = useMutation({
    mutationFn: () => op.operatorLogout(),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: [OPERATOR_KEY] });
      navigate({ name: 'backoffice-login' });
    },
  });
  return (
    <header className={styles.bar}>
      <p className={styles.brand}>
        <a href={href({ name: 'backoffice' })}>
          <FormattedMessage {...d.brand} />
        </a>
      </p>
      <nav aria-label={intl.formatMessage(d.nav)}>
        <ul className={styles.nav}>
          {screensFor(operator.role).map((s) => (
            <li key={s.route}>
              <a href={href({ name: s.route })} aria-current={s.route === current ? 'page' : undefined}>
                <FormattedMessage {...s.label} />
              </a>
            </li>
          ))}
          <li>
            <a href={href({ name: 'backoffice-sessions' })} aria-current={current === 'backoffice-sessions' ? 'page' : undefined}>
              <FormattedMessage {...d.sessions} />
            </a>
          </li>
        </ul>
      </nav>
      <div className={styles.tools}>
        <SiteSwitcher operator={operator} />
        <span className={styles.who}>
          <FormattedMessage {...d.who} values={{ name: operator.name, role: intl.formatMessage(ROLE[operator.role]) }} />
        </span>
        <button type="button" className={styles.plain} onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <FormattedMessage {...d.signOut} />
        </button>
      </div>
    </header>
  );
}

/**
 * The frame of every signed-in screen: the operator's bar, then the screen. Without an operator
 * session it sends to the login (and back here afterwards); a role without this part is told so.
 */
export function Desk({
  area,
  title,
  values,
  children,
}: {
  area: OperatorArea | null;
  title: MessageDescriptor;
  values?: Record<string, string | number | undefined>;
  children: (operator: Operator) => React.ReactNode;
}) {
  const me = useOperator();
  const { navigate, routeName, query, params, href } = useRemote();
  const intl = useIntl();
  React.useEffect(() => {
    if (me.status === 'success' && me.data === null) {
      navigate({ name: 'backoffice-login', query: { next: href({ name: routeName, params, query }) } }, { replace: true });
    }
  }, [me.status, me.data, navigate, href, routeName, query, params]);
  if (me.status === 'pending' || (me.status === 'success' && me.data === null)) {
    return (
      <div role="status" aria-busy="true" className={styles.center}>
        <FormattedMessage {...d.loading} />
      </div>
    );
  }
  if (me.status === 'error') {
    return (
      <div role="alert" className={styles.center}>
        <p>{errorText(intl, me.error)}</p>
        <button type="button" className={styles.button} onClick={() => void me.refetch()}>
          <FormattedMessage {...d.retry} />
        </button>
      </div>
    );
  }
  const operator = me.data!;
  return (
    <div className={styles.desk}>
      <Bar operator={operator} current={routeName} />
      <div className={styles.work}>
        <h1>
          <FormattedMessage {...title} values={values} />
        </h1>
        {area && !mayUse(operator.role, area) ? <p role="alert" className={styles.alert}><FormattedMessage {...d.noAccess} /></p> : children(operator)}
      </div>
    </div>
  );
}
