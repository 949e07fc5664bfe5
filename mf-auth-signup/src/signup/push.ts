import type { PushState, RemoteProps } from '@dating/shared';

/**
 * Push is offered when the site has a VAPID key (settings.push_pub), the shell can do push in this
 * browser (its push service says neither unsupported nor denied). Without the shell's push service
 * (an older shell, a harness) push counts as not offered.
 */
export function pushOffered(props: Pick<RemoteProps, 'settings' | 'services'>, state: PushState | undefined): boolean {
  if (!props.settings.settings.push_pub || !props.services.push) return false;
  const s = state ?? safeState(props.services.push);
  return s === 'not_subscribed' || s === 'subscribed';
}

export function safeState(push: RemoteProps['services']['push'] | undefined): PushState {
  try {
    return push?.state() ?? 'unsupported';
  } catch {
    return 'unsupported';
  }
}
