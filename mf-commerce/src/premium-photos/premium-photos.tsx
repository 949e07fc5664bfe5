// `./premium-photos`: the member's "Premium members only" switch per photo, as a fragment for the
// photo section of /profile (mf-auth-signup; DESIGN rule 8: premium-only is a commerce concept,
// so mf-commerce owns the control). No options.
import { createFragmentMount } from '@dating/shared';
import { loadMessages } from '../messages';
import { PremiumPhotos } from './PremiumPhotos';

export const lifecycles = createFragmentMount('mf_commerce/premium-photos', PremiumPhotos, loadMessages);
export const { bootstrap, mount, update, unmount } = lifecycles;
