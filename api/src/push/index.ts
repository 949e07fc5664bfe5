/**
 * Web push: VAPID keys (created on first start, kept in the database), members' subscriptions,
 * and sending a notice to every subscription of a member.
 */
export { savePushSubscription, deletePushSubscription } from './subscriptions';
export { ensureVapidKeys, getVapidPublicKey, sendPush, type PushPayload } from './send';
export { DEFAULT_PUSH_HOSTS, parsePushHosts, pushEndpointProblem } from './endpoint';
