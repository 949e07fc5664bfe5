import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useRemote, userAtom } from '@dating/shared';
import { Loading, Notice, ui } from '@dating/shared/ui';

/** /members/:memberId/chat: starting a chat with a member (public: visitors are invited in). */
export function MemberChatView() {
  const { params, href, flags } = useRemote();
  const user = useAtomValue(userAtom);
  const { memberId } = params;
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="memberChat.title" defaultMessage="Chat with member #{memberId}" values={{ memberId }} />
      </h1>
      {user === undefined ? (
        <Loading>
          <FormattedMessage id="common.loading" defaultMessage="Loading…" />
        </Loading>
      ) : user ? (
        <Notice>
          <FormattedMessage
            id="memberChat.comingSoon"
            defaultMessage="Starting a chat with this member will be possible here soon."
          />
        </Notice>
      ) : (
        <>
          <p className={ui.lead}>
            <FormattedMessage
              id="memberChat.loggedOut"
              defaultMessage="Log in, or sign up for free, to chat with this member."
            />
          </p>
          <ul className={ui.links}>
            <li>
              <a href={href({ name: 'login' })}>
                <FormattedMessage id="memberChat.login" defaultMessage="Log in" />
              </a>
            </li>
            {flags.signup && (
              <li>
                <a href={href({ name: 'members-memberId-signup', params: { memberId } })}>
                  <FormattedMessage id="memberChat.signup" defaultMessage="Sign up for free" />
                </a>
              </li>
            )}
          </ul>
        </>
      )}
      {flags.memberDetails && (
        <p>
          <a href={href({ name: 'members-memberId', params: { memberId } })}>
            <FormattedMessage id="memberChat.viewProfile" defaultMessage="View this member’s profile" />
          </a>
        </p>
      )}
    </section>
  );
}
