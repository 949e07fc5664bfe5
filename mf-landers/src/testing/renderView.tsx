import { renderRemoteView, type RenderViewOptions } from '@dating/shared/testing';
import { definition } from '../mount';

export { member, siteSettings, mockApi, mockServices, publicProfile } from '@dating/shared/testing';
export const renderView = (view: keyof typeof definition.views, options?: RenderViewOptions) => renderRemoteView(definition, view, options);
