// `./legal-document`: the terms or the privacy statement (options.page) for another remote's page,
// e.g. the signup step's dialog in mf-auth-signup: the same text as /pages/terms and /pages/privacy.
import { createFragmentMount, useFragmentOptions } from '@dating/shared';
import { LEGAL } from '../legal';
import { loadMessages } from '../messages';
import { LegalSections, useLegalDocument } from './LegalPage';

export function LegalDocumentFragment() {
  const options = useFragmentOptions();
  const page = options.page === 'privacy' ? 'privacy' : 'terms';
  const doc = useLegalDocument(LEGAL[page]);
  return (
    <div data-fragment="legal-document">
      <p>{doc.intro}</p>
      <LegalSections page={page} doc={doc} headingLevel={3} />
    </div>
  );
}

export const lifecycles = createFragmentMount('mf_landers/legal-document', LegalDocumentFragment, loadMessages);
export const { bootstrap, mount, update, unmount } = lifecycles;
