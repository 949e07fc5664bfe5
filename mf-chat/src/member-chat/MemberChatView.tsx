import * as React from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, useRemote, userAtom, type PublicProfile } from '@dating/shared';
import { Loading, QueryView, SiteRunMark, ui } from '@dating/shared/ui';
import { ProfilePhoto } from '../common/ProfilePhoto';
import { Conversation } from '../conversation/Conversation';
import { ChatList } from '../chats/ChatsView';
import { ChatPanes, useTwoPanes } from '../chats/ChatPanes';
import styles from '../chat.module.css';

type Load = { status: 'missing' } | { status: 'ready'; profile: PublicProfile; conversation: number | null };

/**
 * /members/:memberId/chat (public, chat layout). A visitor sees the member's card and is invited
 * to sign up or log in, returning here. A member goes into the conversation; when there is none
 * yet, the first message creates it (looking creates nothing the other member would see). On a
 * wide screen a member sees it as /chats/:chatId does: the list of conversations beside it.
 */
export function MemberChatView() {
  const user = useAtomValue(userAtom);
  const twoPanes = useTwoPanes();
  const view = <MemberChat />;
  if (!user || !twoPanes) return view;
  return <ChatPanes list={<ChatList pane />}>{view}</ChatPanes>;
}

function MemberChat() {
  const { params, api, navigate } = useRemote();
  const queryClient = useQueryClient();
  const user = useAtomValue(userAtom);
  const raw = String(params.memberId ?? '');
  const memberId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const loggedIn = Boolean(user);
  const self = Boolean(user && memberId === user.profile.id);

  const query = useQuery({
    queryKey: ['api', 'member-chat', memberId, loggedIn],
    enabled: user !== undefined && !self,
    queryFn: async (): Promise<Load> => {
      if (memberId === null) return { status: 'missing' };
      try {
        const { profile } = await api.profile(memberId);
        const conversation = loggedIn ? (await api.startChat(memberId)).id : null;
        return { status: 'ready', profile, conversation };
      } catch (error) {
        // Unknown, gone or blocked: one answer, "Member not found"; anything else is an error.
        if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return { status: 'missing' };
        throw error;
      }
    },
  });

  const existing = query.data?.status === 'ready' ? query.data.conversation : null;
  React.useEffect(() => {
    if (existing !== null) navigate({ name: 'chats-chatId', params: { chatId: existing } }, { replace: true });
  }, [existing, navigate]);

  if (self) return <SelfNotice />;
  if (user === undefined) {
    return (
      <Loading>
        <FormattedMessage id="common.loading" defaultMessage="Loading…" />
      </Loading>
    );
  }
  return (
    <QueryView query={query} errorTitle={<FormattedMessage id="memberChat.loadFailed" defaultMessage="This page could not be loaded." />}>
      {(load) =>
        load.status === 'missing' ? (
          <section className={ui.view}>
            <h1>
              <FormattedMessage id="memberChat.notFound" defaultMessage="Member not found" />
            </h1>
            <p>
              <FormattedMessage id="memberChat.notFoundText" defaultMessage="This member does not exist, or is no longer available." />
            </p>
          </section>
        ) : load.conversation !== null ? (
          <Loading>
            <FormattedMessage id="common.loading" defaultMessage="Loading…" />
          </Loading>
        ) : !user ? (
          <VisitorInvite profile={load.profile} />
        ) : (
          <Conversation
            conversationId={null}
            profile={load.profile}
            onCreated={(id) => {
              // The list beside the conversation (wide screens) and /chats now hold one more.
              void queryClient.invalidateQueries({ queryKey: ['api', 'chats'] });
              navigate({ name: 'chats-chatId', params: { chatId: id } }, { replace: true });
            }}
          />
        )
      }
    </QueryView>
  );
}

function SelfNotice() {
  const { href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="memberChat.selfTitle" defaultMessage="This is you" />
      </h1>
      <p>
        <FormattedMessage id="memberChat.self" defaultMessage="You cannot start a conversation with yourself." />
      </p>
      <p>
        <a href={href({ name: 'chats' })}>
          <FormattedMessage id="chat.back" defaultMessage="Back to all chats" />
        </a>
      </p>
    </section>
  );
}

/** A visitor: the member's card and the way in (signup or login), both coming back to this chat. */
function VisitorInvite({ profile }: { profile: PublicProfile }) {
  const { href, flags } = useRemote();
  const intl = useIntl();
  const here = `/members/${profile.id}/chat`;
  const who =
    profile.age != null
      ? intl.formatMessage({ id: 'chats.nameAge', defaultMessage: '{name}, {age}' }, { name: profile.name, age: profile.age })
      : profile.name;
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="memberChat.title" defaultMessage="Chat with {name}" values={{ name: profile.name }} />
      </h1>
      <div className={styles.card}>
        <ProfilePhoto profile={profile} size={72} />
        <div>
          <p className={styles.rowName} style={{ margin: 0 }}>
            {who} <SiteRunMark profile={profile} />
          </p>
          {profile.city && <p className={styles.rowMeta} style={{ margin: 0 }}>{profile.city}</p>}
          {flags.memberDetails && (
            <a href={href({ name: 'members-memberId', params: { memberId: profile.id } })}>
              <FormattedMessage id="memberChat.viewProfile" defaultMessage="View this member’s profile" />
            </a>
          )}
        </div>
      </div>
      <p className={ui.lead}>
        <FormattedMessage id="memberChat.loggedOut" defaultMessage="Sign up for free, or log in, to chat with {name}." values={{ name: profile.name }} />
      </p>
      <ul className={ui.links}>
        {flags.signup && (
          <li>
            <a className={ui.button} href={href({ name: 'members-memberId-signup', params: { memberId: profile.id }, query: { next: here } })}>
              <FormattedMessage id="memberChat.signup" defaultMessage="Sign up for free" />
            </a>
          </li>
        )}
        <li>
          <a href={href({ name: 'login', query: { next: here } })}>
            <FormattedMessage id="memberChat.login" defaultMessage="Log in" />
          </a>
        </li>
      </ul>
    </section>
  );
}
