import { FormattedMessage } from 'react-intl';
import { LANDER_KINDS, useRemote } from '@dating/shared';
import { SignupCallToAction } from '../common/SignupCallToAction';
import { Notice, ui } from '@dating/shared/ui';

export function isLanderKind(kind: string): boolean {
  return (LANDER_KINDS as readonly string[]).includes(kind);
}

/** /landers/:kind/:slug: a marketing landing page of one of the lander kinds (spec §2). */
export function LanderView() {
  const { params } = useRemote();
  const { kind, slug } = params;
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="lander.title" defaultMessage="Meet new people near you" />
      </h1>
      <dl className={ui.facts}>
        <dt>
          <FormattedMessage id="lander.kindLabel" defaultMessage="Type of page" />
        </dt>
        <dd>
          {isLanderKind(kind) ? (
            <FormattedMessage
              id="lander.kind"
              defaultMessage="{kind, select, video {Video} gallery {Photo gallery} maplanding {Members on the map} alonetonight {Alone tonight} iconslanding {Icons} socialnetwork {Social network} collagelanding {Photo collage} transitionsvideolanding {Video with transitions} other {Other}}"
              values={{ kind }}
            />
          ) : (
            <FormattedMessage id="lander.unknownKind" defaultMessage="Unknown type ({kind})" values={{ kind }} />
          )}
        </dd>
        <dt>
          <FormattedMessage id="lander.slugLabel" defaultMessage="Page" />
        </dt>
        <dd>{slug}</dd>
      </dl>
      <Notice>
        <FormattedMessage
          id="lander.comingSoon"
          defaultMessage="The full version of this landing page is coming soon."
        />
      </Notice>
      <SignupCallToAction />
    </section>
  );
}
