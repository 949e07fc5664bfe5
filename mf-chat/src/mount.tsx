import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { ChatsView } from './chats/ChatsView';
import { ChatView } from './chat/ChatView';
import { MemberChatView } from './member-chat/MemberChatView';
import { loadMessages } from './messages';

/** Every view the shell's route table names for mf_chat. */
export const definition: RemoteDefinition<'mf_chat'> = {
  name: 'mf_chat',
  views: { chats: ChatsView, chat: ChatView, 'member-chat': MemberChatView },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
