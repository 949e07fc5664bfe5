import type { MessageDescriptor } from 'react-intl';

/**
 * Messages of a feature, as plain descriptors (react-intl's defineMessages types their values as
 * none, which refuses the placeholders these messages have). Ids are the catalog keys.
 */
export function defineText<K extends string>(messages: Record<K, { id: string; defaultMessage: string }>): Record<K, MessageDescriptor> {
  return messages;
}
