import { renderRemoteView, type RenderViewOptions } from '@dating/shared/testing';
import { definition } from '../mount';

export { member, siteSettings, mockApi, mockServices } from '@dating/shared/testing';
export const renderView = (view: string, options?: RenderViewOptions) => renderRemoteView(definition, view, options);
