import { runHarness } from '@dating/shared/harness';

runHarness({
  packageName: 'mf-chat',
  container: 'mf_chat',
  views: [
    { view: 'chats', routeName: 'chats' },
    { view: 'chat', routeName: 'chats-chatId', params: { chatId: '1' } },
    { view: 'member-chat', routeName: 'members-memberId-chat', params: { memberId: '1' } },
  ],
});
