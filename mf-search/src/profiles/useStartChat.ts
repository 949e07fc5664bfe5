import * as React from 'react';
import { useIntl } from 'react-intl';
import { useRemote } from '@dating/shared';

/**
 * Open the conversation with a member (or, before the first message, the member's chat page). Spec §8: a failure shows a danger
 * toast titled 'Error' with 'Cannot start chat, try again later or contact customer support'.
 */
export function useStartChat() {
  const { api, navigate, services } = useRemote();
  const intl = useIntl();
  const [starting, setStarting] = React.useState(false);
  const start = React.useCallback(
    async (profileId: number) => {
      if (starting) return;
      setStarting(true);
      try {
        const { id } = await api.startChat(profileId);
        // No conversation yet: the member's chat page, where the first message creates it.
        if (id === null) navigate({ name: 'members-memberId-chat', params: { memberId: profileId } });
        else navigate({ name: 'chats-chatId', params: { chatId: id } });
      } catch (error) {
        console.error('chat could not be started', error);
        services.toast({
          variant: 'danger',
          title: intl.formatMessage({ id: 'error.title', defaultMessage: 'Error' }),
          message: intl.formatMessage({
            id: 'chat.startFailed',
            defaultMessage: 'Cannot start chat, try again later or contact customer support',
          }),
        });
      } finally {
        setStarting(false);
      }
    },
    [api, intl, navigate, services, starting],
  );
  return { start, starting };
}
