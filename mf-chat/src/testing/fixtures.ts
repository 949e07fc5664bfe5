import type { ChatListItem, Message, MessageCost, MessagesResponse, PublicProfile } from '@dating/shared';
import { publicProfile } from '@dating/shared/testing';

export { publicProfile };

/**
 * jsdom lays nothing out: the history's scroller gets a real-looking size, so the virtualized
 * list renders the rows in view as a browser would.
 */
export function giveElementsSize(height = 600, width = 400): void {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return { x: 0, y: 0, top: 0, left: 0, bottom: height, right: width, width, height, toJSON: () => ({}) } as DOMRect;
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 40 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  // The content's height: what the virtualized list says it is (its sizer's style height).
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return Math.max(height, ...[...this.children].map((c) => parseFloat((c as HTMLElement).style?.height) || 0));
    },
  });
  // Scrolling moves scrollTop and fires scroll, as in a browser.
  const tops = new WeakMap<Element, number>();
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement) {
      return tops.get(this) ?? 0;
    },
    set(this: HTMLElement, value: number) {
      tops.set(this, value);
    },
  });
  Element.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
    const top = typeof options === 'number' ? options : options?.top;
    if (top === undefined) return;
    this.scrollTop = top;
    this.dispatchEvent(new Event('scroll'));
  } as typeof Element.prototype.scrollTo;
}

let serial = 1000;
export function message(overrides: Partial<Message> = {}): Message {
  serial += 1;
  return { id: serial, conversation: 31, sender: 100, msg: `Message ${serial}`, created_at: new Date().toISOString(), read: false, client_id: null, ...overrides };
}

export function page(messages: Message[], profile: PublicProfile = publicProfile(), has_more = false): MessagesResponse {
  return { messages, has_more, profile };
}

export function chat(id: number, profile: PublicProfile, overrides: Partial<ChatListItem> = {}): ChatListItem {
  return {
    conversation: { id, last_message: 'Hoi!', last_message_at: new Date().toISOString() },
    profile,
    num_unread_messages: 0,
    ...overrides,
  };
}

export function cost(overrides: Partial<MessageCost> = {}): MessageCost {
  return { credits_per_message: 99, price: { amount: 0.99, currency: 'EUR' }, balance: 2500, ...overrides };
}
