import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';

export function MemberView() {
  const { params, href } = useRemote();
  return (
    <section>
      <h1>
        <FormattedMessage id="member.title" defaultMessage="Member profile #{memberId}" values={{ memberId: params.memberId }} />
      </h1>
      <p>
        <a href={href({ name: 'members' })}>
          <FormattedMessage id="member.back" defaultMessage="Back to search" />
        </a>
      </p>
    </section>
  );
}
