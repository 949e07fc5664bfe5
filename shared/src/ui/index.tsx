// Small UI kit for remote views (`@dating/shared/ui`). Not a federation singleton: each remote
// bundles the few bytes it uses, so no CSS crosses container boundaries.
import type * as React from 'react';
import styles from './ui.module.css';

export { styles as ui };

/** An honest note in a view: what is here, what is coming. */
export function Notice({ children }: { children: React.ReactNode }) {
  return <p className={styles.notice}>{children}</p>;
}

export { Loading } from './Loading';
export * from './format';
export { SquarePhoto, squareSide, squareSources, THUMB_PX, type PhotoFiles, type SquarePhotoProps, type SquareSources } from './photo';
export * from './form';
export { QueryView, type QueryViewProps } from './QueryView';
export { lazyView } from './lazyView';
export { ModalBody, modalBlocks, type ModalBodyProps } from './ModalBody';
export { profileFieldLabel, profileValueLabel } from './profileFields';
export { useMatchCelebration, type MatchedProfile } from './match';
export { SiteRunMark, SiteRunDisclosure, useSiteRunLabel } from './siteRun';
