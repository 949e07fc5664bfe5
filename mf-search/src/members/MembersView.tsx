import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';

export function MembersView() {
  const { query } = useRemote();
  const page = Number(query.page ?? '1') || 1;
  return (
    <section>
      <h1>
        <FormattedMessage id="members.title" defaultMessage="Search members" />
      </h1>
      <p>
        <FormattedMessage id="members.page" defaultMessage="Page {page}" values={{ page }} />
      </p>
    </section>
  );
}
