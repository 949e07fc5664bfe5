import type { ApiClient, RegistryAction, SiteSave } from '@dating/shared';

// The calls of the site and versions screens, with the contract's schemas (through the client's
// typed call: the members' API client does not grow by calls only operators make).

export const siteSettings = (api: ApiClient) => api.call((c) => c.OperatorSiteSettingsSchema, 'GET', 'operator/site_settings.php');
export const saveSiteSettings = (api: ApiClient, req: SiteSave) => api.call((c) => c.OperatorSiteSettingsSchema, 'PUT', 'operator/site_settings.php', { body: req });
export const registry = (api: ApiClient) => api.call((c) => c.OperatorRegistrySchema, 'GET', 'operator/registry.php');
export const registryAction = (api: ApiClient, req: RegistryAction) => api.call((c) => c.OperatorRegistrySchema, 'POST', 'operator/registry.php', { body: req });
