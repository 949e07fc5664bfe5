// Terms and privacy as the signup form shows them in a modal (spec §2 step 0): the full texts of
// /pages/terms and /pages/privacy, written once in mf-landers and shown here as its
// `./legal-document` fragment (DESIGN rule 8), so the modal and the pages never differ. The shell's
// modal service renders it (focus trap, Escape, z-index: one modal for every remote).
import type * as React from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { useRemote, type ModalBlock, type NavTarget } from '@dating/shared';

const m = defineMessages({
  termsTitle: { id: 'legal.terms.title', defaultMessage: 'Terms and conditions' },
  termsFull: { id: 'legal.terms.full', defaultMessage: 'Read the full terms and conditions' },
  privacyTitle: { id: 'legal.privacy.title', defaultMessage: 'Privacy statement' },
  privacyFull: { id: 'legal.privacy.full', defaultMessage: 'Read the full privacy statement' },
});

export type LegalKind = 'terms' | 'privacy';

export function legalContent(
  kind: LegalKind,
  intl: IntlShape,
  href: (to: NavTarget) => string,
): { title: string; blocks: ModalBlock[] } {
  const title = intl.formatMessage(kind === 'terms' ? m.termsTitle : m.privacyTitle);
  return {
    title,
    blocks: [
      { type: 'fragment', fragment: { remote: 'mf_landers', name: 'legal-document', label: title, options: { page: kind } } },
      { type: 'link', text: intl.formatMessage(kind === 'terms' ? m.termsFull : m.privacyFull), href: href({ name: kind === 'terms' ? 'pages-terms' : 'pages-privacy' }) },
    ],
  };
}

/** A link-like button that opens the terms or the privacy statement in a modal. */
export function LegalLink({ kind, className, children }: { kind: LegalKind; className?: string; children: React.ReactNode }) {
  const { services, href } = useRemote();
  const intl = useIntl();
  function show() {
    const { title, blocks } = legalContent(kind, intl, href);
    services.modal.open({ title, body: blocks, size: 'lg' }).catch((error) => console.error('modal failed', error));
  }
  return (
    <button type="button" className={className} onClick={show} aria-haspopup="dialog">
      {children}
    </button>
  );
}
