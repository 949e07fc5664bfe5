import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /chats: the member's conversations. */
export function ChatsView() {
  const { href, flags } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="chats.title" defaultMessage="Chats" />
      </h1>
      <Notice>
        <FormattedMessage id="chats.comingSoon" defaultMessage="Your conversations will be listed here soon." />
      </Notice>
      {flags.profileSearch && (
        <p>
          <a href={href({ name: 'members' })}>
            <FormattedMessage id="chats.findMembers" defaultMessage="Find members to chat with" />
          </a>
        </p>
      )}
    </section>
  );
}
