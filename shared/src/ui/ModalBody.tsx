// The content of a modal (ModalOptions.body) as elements: one way to render it, used by the shell's
// modal host and the stand-alone harness; a remote describes content as blocks (ModalBlock) and
// hands them to services.modal.open, never rendering a dialog of its own.
import type * as React from 'react';
import { FragmentHost, type FragmentService, type ModalBlock } from '../mount';

/** Plain text becomes paragraphs (blank lines separate them); blocks stay as they are. */
export function modalBlocks(body: string | ModalBlock[]): ModalBlock[] {
  if (typeof body !== 'string') return body;
  return body
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => ({ type: 'paragraph', text }));
}

export interface ModalBodyProps {
  body: string | ModalBlock[];
  /** Called on a click of a link block (the shell navigates in-app and closes the modal). */
  onLink?(e: React.MouseEvent<HTMLAnchorElement>): void;
  classNames?: { paragraph?: string; heading?: string; list?: string; photos?: string; photo?: string };
  /** Mounts fragment blocks (the shell's services.fragment); without it they are left out. */
  fragments?: FragmentService;
}

export function ModalBody({ body, onLink, classNames = {}, fragments }: ModalBodyProps) {
  return (
    <>
      {modalBlocks(body).map((b, i) => {
        switch (b.type) {
          case 'heading':
            return (
              <h3 key={i} className={classNames.heading}>
                {b.text}
              </h3>
            );
          case 'list':
            return (
              <ul key={i} className={classNames.list}>
                {b.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            );
          case 'fragment':
            return fragments ? <FragmentHost key={i} service={fragments} spec={b.fragment} /> : null;
          case 'photos':
            return (
              <div key={i} className={classNames.photos}>
                {b.photos.map((photo, j) =>
                  photo.src ? (
                    <img key={j} className={classNames.photo} src={photo.src} alt={photo.alt} />
                  ) : (
                    <span key={j} className={classNames.photo} role="img" aria-label={photo.alt}>
                      <span aria-hidden="true">{photo.initial}</span>
                    </span>
                  ),
                )}
              </div>
            );
          case 'link':
            return (
              <p key={i}>
                <a href={b.href} onClick={onLink}>
                  {b.text}
                </a>
              </p>
            );
          default:
            return (
              <p key={i} className={classNames.paragraph}>
                {b.text}
              </p>
            );
        }
      })}
    </>
  );
}
