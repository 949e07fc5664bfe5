import { Conversation, ConversationNotFound } from '../conversation/Conversation';
import { ChatList } from '../chats/ChatsView';
import { ChatPanes, useTwoPanes } from '../chats/ChatPanes';
import { useRemote } from '@dating/shared';

/**
 * /chats/:chatId: one conversation; on wide screens beside the list of conversations. An id that
 * is not a conversation of the member: "Conversation not found".
 */
export function ChatView() {
  const { params } = useRemote();
  const twoPanes = useTwoPanes();
  const raw = String(params.chatId ?? '');
  const id = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  const conversation = id === null ? <ConversationNotFound /> : <Conversation key={id} conversationId={id} profile={null} />;
  if (!twoPanes) return conversation;
  return <ChatPanes list={<ChatList current={id} pane />}>{conversation}</ChatPanes>;
}
