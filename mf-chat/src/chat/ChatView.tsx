import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /chats/:chatId: one conversation. */
export function ChatView() {
  const { params, href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="chat.title" defaultMessage="Conversation #{chatId}" values={{ chatId: params.chatId }} />
      </h1>
      <Notice>
        <FormattedMessage id="chat.comingSoon" defaultMessage="The messages of this conversation will be shown here soon." />
      </Notice>
      <p>
        <a href={href({ name: 'chats' })}>
          <FormattedMessage id="chat.back" defaultMessage="Back to all chats" />
        </a>
      </p>
    </section>
  );
}
