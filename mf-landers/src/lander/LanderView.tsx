import type * as React from 'react';
import { useRemote, type LanderKind } from '@dating/shared';
import { QueryView } from '@dating/shared/ui';
import { AloneTonightTemplate } from './templates/AloneTonight';
import { CollageTemplate } from './templates/Collage';
import { GalleryTemplate } from './templates/Gallery';
import { IconsTemplate } from './templates/Icons';
import { MapLandingTemplate } from './templates/MapLanding';
import { SocialNetworkTemplate } from './templates/SocialNetwork';
import { TransitionsTemplate } from './templates/Transitions';
import { VideoTemplate } from './templates/Video';
import type { TemplateProps } from './templates/types';
import { useLander } from './useLander';
import styles from './LanderView.module.css';

/** One design per kind (spec §2): each its own page, not one page with another title. */
export const TEMPLATES: Record<LanderKind, React.ComponentType<TemplateProps>> = {
  video: VideoTemplate,
  gallery: GalleryTemplate,
  maplanding: MapLandingTemplate,
  alonetonight: AloneTonightTemplate,
  iconslanding: IconsTemplate,
  socialnetwork: SocialNetworkTemplate,
  collagelanding: CollageTemplate,
  transitionsvideolanding: TransitionsTemplate,
};

/** /landers/:kind/:slug: the campaign `slug` of this site shown with the `kind` template. */
export function LanderView() {
  const { params } = useRemote();
  const { query, missing } = useLander(params.kind, params.slug);
  if (missing) return null;
  return (
    <div className={styles.lander}>
      <QueryView query={query}>
        {(data) => {
          const Template = TEMPLATES[data.campaign.kind];
          return <Template data={data} />;
        }}
      </QueryView>
    </div>
  );
}
