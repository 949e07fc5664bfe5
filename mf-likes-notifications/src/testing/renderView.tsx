import { renderRemoteView, type RenderViewOptions } from '@dating/shared/testing';
import { definition } from '../mount';

export { member, siteSettings, mockApi } from '@dating/shared/testing';

/** Renders a view of mf_likes_notifications; `api` lets a test prepare answers before the view's first call. */
export const renderView = (view: keyof typeof definition.views, options?: RenderViewOptions) => renderRemoteView(definition, view, options);
export { publicProfile as profile } from '@dating/shared/testing';
