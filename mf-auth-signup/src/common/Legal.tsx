// Terms and privacy in short, as the signup form shows them in a modal (spec §2 step 0); the full
// texts have their own pages (/pages/terms, /pages/privacy). The words are plain blocks that the
// shell's modal service renders (focus trap, Escape, z-index: one modal for every remote).
import type * as React from 'react';
import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { useRemote, type ModalBlock, type NavTarget, type SiteSettings } from '@dating/shared';

const m = defineMessages({
  termsTitle: { id: 'legal.terms.title', defaultMessage: 'Terms and conditions' },
  termsProvider: { id: 'legal.terms.provider', defaultMessage: '{site} is a service of {company}, {address}, {city}.' },
  termsAge: { id: 'legal.terms.age', defaultMessage: 'You must be at least 18 years old to become a member.' },
  termsFree: {
    id: 'legal.terms.free',
    defaultMessage: 'Signing up is free. Sending messages costs credits, which you buy only when you choose to.',
  },
  termsHonest: {
    id: 'legal.terms.honest',
    defaultMessage: 'Keep your profile honest, be respectful to other members and share nothing that is not yours to share.',
  },
  termsFictional: {
    id: 'legal.terms.fictional',
    defaultMessage: 'Some profiles may be run by the service for entertainment; where the site shows it, they carry an icon.',
  },
  termsDelete: { id: 'legal.terms.delete', defaultMessage: 'You can delete your account at any time on your profile page.' },
  termsFull: { id: 'legal.terms.full', defaultMessage: 'Read the full terms and conditions' },
  privacyTitle: { id: 'legal.privacy.title', defaultMessage: 'Privacy statement' },
  privacyController: {
    id: 'legal.privacy.controller',
    defaultMessage: '{company} keeps your data to run your membership and for nothing else.',
  },
  privacyVisible: {
    id: 'legal.privacy.visible',
    defaultMessage: 'Other members see your name, age, photo, city, country and the text you write; never your email address or date of birth.',
  },
  privacyLocation: {
    id: 'legal.privacy.location',
    defaultMessage: 'If you let us use your location, we keep only the city; your exact position never leaves our server.',
  },
  privacyPhotos: { id: 'legal.privacy.photos', defaultMessage: 'We remove hidden information such as GPS coordinates from your photos.' },
  privacyPassword: { id: 'legal.privacy.password', defaultMessage: 'Your password is stored only as a secure hash.' },
  privacyDelete: { id: 'legal.privacy.delete', defaultMessage: 'When you delete your account, your profile disappears from the site.' },
  privacyFull: { id: 'legal.privacy.full', defaultMessage: 'Read the full privacy statement' },
});

export type LegalKind = 'terms' | 'privacy';

export function legalContent(
  kind: LegalKind,
  intl: IntlShape,
  settings: SiteSettings,
  href: (to: NavTarget) => string,
): { title: string; blocks: ModalBlock[] } {
  const f = (d: MessageDescriptor, values?: Record<string, string>) => intl.formatMessage(d, values);
  const c = settings.company;
  if (kind === 'terms') {
    return {
      title: f(m.termsTitle),
      blocks: [
        { type: 'paragraph', text: f(m.termsProvider, { site: settings.theme.brandName, company: c.name, address: c.address, city: c.city }) },
        { type: 'list', items: [f(m.termsAge), f(m.termsFree), f(m.termsHonest), f(m.termsFictional), f(m.termsDelete)] },
        { type: 'link', text: f(m.termsFull), href: href({ name: 'pages-terms' }) },
      ],
    };
  }
  return {
    title: f(m.privacyTitle),
    blocks: [
      { type: 'paragraph', text: f(m.privacyController, { company: c.name }) },
      { type: 'list', items: [f(m.privacyVisible), f(m.privacyLocation), f(m.privacyPhotos), f(m.privacyPassword), f(m.privacyDelete)] },
      { type: 'link', text: f(m.privacyFull), href: href({ name: 'pages-privacy' }) },
    ],
  };
}

/** A link-like button that opens the terms or the privacy statement in a modal. */
export function LegalLink({ kind, className, children }: { kind: LegalKind; className?: string; children: React.ReactNode }) {
  const { services, settings, href } = useRemote();
  const intl = useIntl();
  function show() {
    const { title, blocks } = legalContent(kind, intl, settings, href);
    services.modal.open({ title, body: blocks, size: 'lg' }).catch((error) => console.error('modal failed', error));
  }
  return (
    <button type="button" className={className} onClick={show} aria-haspopup="dialog">
      {children}
    </button>
  );
}
