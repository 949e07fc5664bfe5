// The members-grid fragment (DESIGN rule 8): other pages (the shell's error page) mount it through
// `mf_search/members-grid` with the same props as a view. It shows a first page of members to a
// logged-in member and nothing to a visitor (the error page shows visitors the signup form).
import { createFragmentMount, useKnownUser } from '@dating/shared';
import { loadMessages } from '../messages';
import { SuggestedMembers } from './SuggestedMembers';

export function MembersGridFragment() {
  const user = useKnownUser();
  if (!user) return null;
  return <SuggestedMembers source="fragment" country={user.profile.country} />;
}

export const lifecycles = createFragmentMount('mf_search/members-grid', MembersGridFragment, loadMessages);

export const { bootstrap, mount, update, unmount } = lifecycles;
