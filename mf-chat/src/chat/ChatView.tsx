import { Conversation, ConversationNotFound } from '../conversation/Conversation';
import { useRemote } from '@dating/shared';

/** /chats/:chatId: one conversation. An id that is not a conversation of the member: "Conversation not found". */
export function ChatView() {
  const { params } = useRemote();
  const raw = String(params.chatId ?? '');
  const id = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  if (id === null) return <ConversationNotFound />;
  return <Conversation key={id} conversationId={id} profile={null} />;
}
