import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote, type SiteRunProtectionState } from '@dating/shared';
import { QueryView, SiteRunMark } from '@dating/shared/ui';
import styles from '../common/form.module.css';

const KEY = ['mf-auth-signup', 'site-run-protection'] as const;

/**
 * /profile "Profiles run by the site": the member's own choice to receive no messages from them
 * (and write none to them). When customer service protects the member, it says so; only customer
 * service lifts that.
 */
export function SiteRunSection() {
  const { api, href } = useRemote();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: KEY, queryFn: () => api.siteRunProtection() });
  const save = useMutation({
    mutationFn: (on: boolean) => api.setSiteRunProtection(on),
    onSuccess: (next: SiteRunProtectionState) => queryClient.setQueryData(KEY, next),
  });
  return (
    <div className={styles.form}>
      <p>
        <FormattedMessage
          id="profile.siteRun.body"
          defaultMessage="Some profiles are run by the site itself; they are marked {mark}. You can choose not to hear from them."
          values={{ mark: <SiteRunMark profile={{ fictional: true }} /> }}
        />{' '}
        <a href={href({ name: 'pages-site-run' })}>
          <FormattedMessage id="profile.siteRun.more" defaultMessage="More about these profiles" />
        </a>
      </p>
      <QueryView query={state}>
        {(s) => (
          <>
            <label>
              <input
                type="checkbox"
                checked={s.by_member || s.by_support}
                disabled={s.by_support || save.isPending}
                onChange={(e) => save.mutate(e.target.checked)}
              />{' '}
              {intl.formatMessage({ id: 'profile.siteRun.toggle', defaultMessage: 'Receive no messages from profiles run by the site' })}
            </label>
            {s.by_support && (
              <p className={styles.hint}>
                <FormattedMessage id="profile.siteRun.bySupport" defaultMessage="Customer service has switched this on for you. Contact them to change it." />
              </p>
            )}
            <p role="status" className={styles.hint}>
              {save.isSuccess && <FormattedMessage id="profile.siteRun.saved" defaultMessage="Saved." />}
              {save.isError && <FormattedMessage id="profile.siteRun.failed" defaultMessage="This could not be saved. Try again." />}
            </p>
          </>
        )}
      </QueryView>
    </div>
  );
}
