import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { SignupCallToAction } from '../common/SignupCallToAction';
import { Notice, ui } from '@dating/shared/ui';

/** A landing page about one member: /members/:memberId/landing, …/landing2/:slug, …/landing3/:slug. */
function MemberLanding() {
  const { params } = useRemote();
  const { memberId, slug } = params;
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="memberLanding.title" defaultMessage="Meet member #{memberId}" values={{ memberId }} />
      </h1>
      {slug && (
        <p>
          <FormattedMessage id="memberLanding.slug" defaultMessage="Page: {slug}" values={{ slug }} />
        </p>
      )}
      <Notice>
        <FormattedMessage
          id="memberLanding.comingSoon"
          defaultMessage="This member’s photos and profile will be shown here soon."
        />
      </Notice>
      <SignupCallToAction memberId={memberId} />
    </section>
  );
}

export function MemberLandingView() {
  return <MemberLanding />;
}

export function MemberLanding2View() {
  return <MemberLanding />;
}

export function MemberLanding3View() {
  return <MemberLanding />;
}
