// Terms and privacy as the signup form shows them in a dialog (spec §2 step 0): the full texts of
// /pages/terms and /pages/privacy, written once in mf-landers and mounted here as its
// `./legal-document` fragment (DESIGN rule 8), so the modal and the pages never differ.
import * as React from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Fragment, useRemote } from '@dating/shared';
import { Modal } from './Modal';

const m = defineMessages({
  termsTitle: { id: 'legal.terms.title', defaultMessage: 'Terms and conditions' },
  termsFull: { id: 'legal.terms.full', defaultMessage: 'Read the full terms and conditions' },
  privacyTitle: { id: 'legal.privacy.title', defaultMessage: 'Privacy statement' },
  privacyFull: { id: 'legal.privacy.full', defaultMessage: 'Read the full privacy statement' },
});

export type LegalKind = 'terms' | 'privacy';

/** A link-like button that opens the terms or the privacy statement in a dialog. */
export function LegalLink({ kind, className, children }: { kind: LegalKind; className?: string; children: React.ReactNode }) {
  const { href } = useRemote();
  const intl = useIntl();
  const [open, setOpen] = React.useState(false);
  const title = intl.formatMessage(kind === 'terms' ? m.termsTitle : m.privacyTitle);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {children}
      </button>
      {open && (
        <Modal title={title} onClose={() => setOpen(false)}>
          <Fragment remote="mf_landers" name="legal-document" label={title} options={{ page: kind }} />
          <p>
            <a href={href({ name: kind === 'terms' ? 'pages-terms' : 'pages-privacy' })} target="_blank" rel="noopener">
              {intl.formatMessage(kind === 'terms' ? m.termsFull : m.privacyFull)}
            </a>
          </p>
        </Modal>
      )}
    </>
  );
}
