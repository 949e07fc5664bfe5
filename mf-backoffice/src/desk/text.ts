import type { MessageDescriptor } from 'react-intl';

/**
 * Messages of a feature as plain descriptors: `asText(defineMessages({...}))`. react-intl's
 * defineMessages types their values as none, which refuses the placeholders these messages have;
 * formatjs extraction still reads the defineMessages call.
 */
export function asText<K extends string>(messages: Record<K, MessageDescriptor>): Record<K, MessageDescriptor> {
  return messages;
}
