/** The remotes of the platform by their federation names (the route table assigns each its views). */
export const REMOTE_NAMES = [
  'mf_auth_signup',
  'mf_search',
  'mf_chat',
  'mf_likes_notifications',
  'mf_commerce',
  'mf_landers',
  'mf_backoffice',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
