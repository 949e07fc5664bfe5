import type { ApiClient } from '@dating/shared';
import { OperatorRegistrySchema, OperatorSiteSettingsSchema, type RegistryAction, type SiteSave } from '@dating/shared/operator-sites';

// The calls of the site and versions screens, with the contract's schemas
// (@dating/shared/operator-sites: in the back office's chunks only, never in a member's start-up).

export const siteSettings = (api: ApiClient) => api.call(OperatorSiteSettingsSchema, 'GET', 'operator/site_settings.php');
export const saveSiteSettings = (api: ApiClient, req: SiteSave) => api.call(OperatorSiteSettingsSchema, 'PUT', 'operator/site_settings.php', { body: req });
export const registry = (api: ApiClient) => api.call(OperatorRegistrySchema, 'GET', 'operator/registry.php');
export const registryAction = (api: ApiClient, req: RegistryAction) => api.call(OperatorRegistrySchema, 'POST', 'operator/registry.php', { body: req });
