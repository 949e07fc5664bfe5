import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /likes and /likes/:type: members the member liked and members who liked the member. */
export function LikesView() {
  const { params, href } = useRemote();
  const { type } = params;
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="likes.title" defaultMessage="Likes" />
      </h1>
      {type && (
        <p className={ui.lead}>
          <FormattedMessage id="likes.type" defaultMessage="Showing: {type}" values={{ type: <strong>{type}</strong> }} />
        </p>
      )}
      <Notice>
        <FormattedMessage
          id="likes.comingSoon"
          defaultMessage="The members you liked and the members who liked you will be listed here soon."
        />
      </Notice>
      {type && (
        <p>
          <a href={href({ name: 'likes' })}>
            <FormattedMessage id="likes.all" defaultMessage="All likes" />
          </a>
        </p>
      )}
    </section>
  );
}
