import { FormattedMessage } from 'react-intl';
import { SignupCallToAction } from '../common/SignupCallToAction';
import { Notice, ui } from '@dating/shared/ui';

/** /match-finder: a marketing page that suggests members who suit the visitor. */
export function MatchFinderView() {
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="matchFinder.title" defaultMessage="Match finder" />
      </h1>
      <Notice>
        <FormattedMessage
          id="matchFinder.comingSoon"
          defaultMessage="The match finder, which suggests members who suit you, is coming soon."
        />
      </Notice>
      <SignupCallToAction />
    </section>
  );
}
