// `./signup-form`: the signup form as a fragment for other remotes' pages (the error page for
// logged-out visitors, landers). The host passes FragmentProps; options (all optional):
//   memberId  the member whose page the signup starts from (sent as `profile`)
//   autoSkip  skip steps a logged-in member has filled in
//   headingLevel  2 (default) or 3, for the step headings under the host's own heading
import { createFragmentMount, useFragmentOptions } from '@dating/shared';
import { loadMessages } from '../messages';
import { SignupForm, memberIdOf } from './SignupView';

export function SignupFormFragment() {
  const options = useFragmentOptions();
  return (
    <div data-fragment="signup-form">
      <SignupForm
        profile={memberIdOf(options.memberId)}
        autoSkip={options.autoSkip === true}
        headingLevel={options.headingLevel === 3 ? 3 : 2}
      />
    </div>
  );
}

export const lifecycles = createFragmentMount('mf_auth_signup/signup-form', SignupFormFragment, loadMessages);
export const { bootstrap, mount, update, unmount } = lifecycles;
