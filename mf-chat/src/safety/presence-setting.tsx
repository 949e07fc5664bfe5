// `./presence-setting`: the member's "show when I am online" switch, as a fragment for the
// profile page of mf-auth-signup (DESIGN rule 8). No options.
import { createFragmentMount } from '@dating/shared';
import { loadMessages } from '../messages';
import { PresenceSetting } from './PresenceSetting';

export const lifecycles = createFragmentMount('mf_chat/presence-setting', PresenceSetting, loadMessages);
export const { bootstrap, mount, update, unmount } = lifecycles;
