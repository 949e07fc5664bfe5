import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { queryKeys, userAtom, useRemote, useSetUser, type PremiumState } from '@dating/shared';
import { QueryView, ui } from '@dating/shared/ui';
import { MessageBenefit, PlanList, PremiumBenefits } from '../common/plans';
import { useCredits } from '../common/queries';

function Status({ premium }: { premium: PremiumState }) {
  const { api, services } = useRemote();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const setUser = useSetUser();
  const cancel = useMutation({
    mutationFn: () => api.cancelPremium(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.credits() });
      const { user } = await api.getUser();
      setUser(user);
    },
  });
  const end = premium.current_period_end ? <FormattedDate value={premium.current_period_end} dateStyle="long" /> : null;
  const askCancel = async () => {
    const ok = await services.modal.confirm({
      title: intl.formatMessage({ id: 'premium.cancelTitle', defaultMessage: 'Cancel Premium?' }),
      message: intl.formatMessage({ id: 'premium.cancelMessage', defaultMessage: 'Premium stays active until the end of the period you paid for and then stops. Nothing more is charged.' }),
      confirmLabel: intl.formatMessage({ id: 'premium.cancelConfirm', defaultMessage: 'Cancel Premium' }),
      cancelLabel: intl.formatMessage({ id: 'premium.keep', defaultMessage: 'Keep Premium' }),
      danger: true,
    });
    if (ok) cancel.mutate();
  };
  if (premium.status === 'active') {
    return (
      <>
        <p className={ui.lead}>
          <FormattedMessage id="premium.activeUntil" defaultMessage="You are a Premium member. Next renewal: {date}." values={{ date: end }} />
        </p>
        {cancel.isError && (
          <p role="alert" className={ui.alert}>
            <FormattedMessage id="premium.cancelFailed" defaultMessage="Premium could not be canceled: {reason}" values={{ reason: cancel.error.message }} />
          </p>
        )}
        <button type="button" className={ui.button} onClick={() => void askCancel()} disabled={cancel.isPending}>
          <FormattedMessage id="premium.cancel" defaultMessage="Cancel Premium" />
        </button>
      </>
    );
  }
  if (premium.status === 'canceled' && premium.paid_user) {
    return (
      <p className={ui.lead}>
        <FormattedMessage id="premium.canceledUntil" defaultMessage="Your Premium is canceled and stays active until {date}." values={{ date: end }} />
      </p>
    );
  }
  if (premium.status === 'past_due') {
    return (
      <p role="alert" className={ui.alert}>
        <FormattedMessage id="premium.pastDue" defaultMessage="Your last renewal could not be charged, so Premium is paused. Choose a plan to continue." />
      </p>
    );
  }
  return null;
}

function MemberPremium() {
  const credits = useCredits();
  return (
    <QueryView query={credits}>
      {(d) => (
        <>
          <Status premium={d.premium} />
          <MessageBenefit prices={d} />
          {!d.premium.paid_user && (
            <>
              <h2>
                <FormattedMessage id="premium.plans" defaultMessage="Choose your plan" />
              </h2>
              <PlanList plans={d.plans} canSubscribe />
            </>
          )}
        </>
      )}
    </QueryView>
  );
}

function VisitorPremium() {
  const { api, settings, href } = useRemote();
  const country = settings.settings.geoip_selected_country ?? settings.settings.geoip_country ?? undefined;
  const pricing = useQuery({ queryKey: ['api', 'pricing', country ?? ''], queryFn: () => api.pricing(country ?? undefined) });
  return (
    <QueryView query={pricing}>
      {(d) => (
        <>
          <MessageBenefit prices={d} />
          <h2>
            <FormattedMessage id="premium.plans" defaultMessage="Choose your plan" />
          </h2>
          <PlanList plans={d.plans} canSubscribe={false} />
          <p>
            <a className={ui.button} href={href({ name: 'login' })}>
              <FormattedMessage id="premium.login" defaultMessage="Log in to take Premium" />
            </a>
          </p>
        </>
      )}
    </QueryView>
  );
}

/** /premium: what Premium gives, the plans, subscribing, and cancelling. */
export function PremiumView() {
  const user = useAtomValue(userAtom);
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="premium.title" defaultMessage="Premium" />
      </h1>
      <PremiumBenefits />
      {user === undefined ? (
        <div role="status" aria-live="polite">
          <FormattedMessage id="ui.loading" defaultMessage="Loading…" />
        </div>
      ) : user ? (
        <MemberPremium />
      ) : (
        <VisitorPremium />
      )}
    </section>
  );
}
