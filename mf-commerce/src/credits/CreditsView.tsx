import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { userAtom } from '@dating/shared';
import { Loading, Notice, ui } from '@dating/shared/ui';

/** /credits: the member's credit balance and, soon, the packages to buy. */
export function CreditsView() {
  const user = useAtomValue(userAtom);
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="credits.title" defaultMessage="Credits" />
      </h1>
      {user === undefined ? (
        <Loading>
          <FormattedMessage id="common.loading" defaultMessage="Loading…" />
        </Loading>
      ) : user ? (
        <p className={ui.lead}>
          <FormattedMessage
            id="credits.balance"
            defaultMessage="You have {credits, plural, =0 {no credits} one {# credit} other {# credits}}."
            values={{ credits: user.credits }}
          />
        </p>
      ) : null}
      <Notice>
        <FormattedMessage id="credits.comingSoon" defaultMessage="Buying credits will be possible here soon." />
      </Notice>
    </section>
  );
}
