// `./member-safety`: block/unblock and report a member, as a fragment for other remotes' profile
// pages (DESIGN rule 8, never a copy). Options: profileId (number), name (string).
import { createFragmentMount, useFragmentOptions } from '@dating/shared';
import { loadMessages } from '../messages';
import { MemberSafety } from './MemberSafety';

export function MemberSafetyFragment() {
  const options = useFragmentOptions();
  const profileId = Number(options.profileId);
  const name = typeof options.name === 'string' ? options.name : '';
  if (!Number.isInteger(profileId) || profileId <= 0) return null;
  return <MemberSafety profile={{ id: profileId, name }} />;
}

export const lifecycles = createFragmentMount('mf_chat/member-safety', MemberSafetyFragment, loadMessages);
export const { bootstrap, mount, update, unmount } = lifecycles;
