import { installPageHiddenBeacon, PAGE_HIDDEN_URL } from './pageHidden';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the page-hidden beacon', () => {
  afterEach(() => setVisibility('visible'));

  it('goes to page-hidden.php each time the page becomes hidden, not when it shows again', () => {
    const sendBeacon = jest.fn().mockReturnValue(true);
    const stop = installPageHiddenBeacon(document, { sendBeacon });
    setVisibility('hidden');
    setVisibility('visible');
    setVisibility('hidden');
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    expect(sendBeacon.mock.calls[0][0]).toBe(PAGE_HIDDEN_URL);
    stop();
    setVisibility('hidden');
    expect(sendBeacon).toHaveBeenCalledTimes(2);
  });
});
