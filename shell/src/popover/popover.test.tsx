import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithShell, testShell } from '../testing/testShell';
import { PopoverHost } from './PopoverHost';
import { POPOVER_HIDE_DELAY_MS, POPOVER_SHOW_DELAY_MS, POPOVER_THROTTLE_MS } from '@dating/shared';
import { positionPopover } from './position';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup() {
  const shell = testShell();
  renderWithShell(
    <>
      <button type="button">Like</button>
      <button type="button">More</button>
      <PopoverHost store={shell.popovers} />
    </>,
    shell,
  );
  return shell;
}

describe('tooltips', () => {
  it('show 100 ms after the pointer enters and hide 300 ms after it leaves', () => {
    const { services } = setup();
    const like = screen.getByRole('button', { name: 'Like' });
    act(() => void services.popover(like, { content: 'Like this member' }));
    fireEvent.mouseEnter(like);
    act(() => jest.advanceTimersByTime(POPOVER_SHOW_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent('Like this member');
    expect(like).toHaveAccessibleDescription('Like this member');
    fireEvent.mouseLeave(like);
    act(() => jest.advanceTimersByTime(POPOVER_HIDE_DELAY_MS - 1));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(like).not.toHaveAttribute('aria-describedby');
  });

  it('show on keyboard focus and hide on Escape', () => {
    const { services } = setup();
    const like = screen.getByRole('button', { name: 'Like' });
    act(() => void services.popover(like, { content: 'Like this member' }));
    act(() => like.focus());
    act(() => jest.advanceTimersByTime(POPOVER_SHOW_DELAY_MS));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.keyDown(like, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('a pointer that passes by quickly shows nothing', () => {
    const { services } = setup();
    const like = screen.getByRole('button', { name: 'Like' });
    act(() => void services.popover(like, { content: 'Like this member' }));
    fireEvent.mouseEnter(like);
    act(() => jest.advanceTimersByTime(50));
    fireEvent.mouseLeave(like);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('stop once detached', () => {
    const { services } = setup();
    const like = screen.getByRole('button', { name: 'Like' });
    let detach!: () => void;
    act(() => void (detach = services.popover(like, { content: 'Like this member' })));
    detach();
    fireEvent.mouseEnter(like);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('popovers', () => {
  it('toggle on click, at most once per 500 ms, and say whether they are open', () => {
    const { services } = setup();
    const more = screen.getByRole('button', { name: 'More' });
    act(() => void services.popover(more, { kind: 'popover', title: 'Premium', content: 'See every photo' }));
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(screen.getByRole('dialog', { name: 'Premium' })).toHaveTextContent('See every photo');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(more); // a double click does not close it again at once
    expect(screen.getByRole('dialog', { name: 'Premium' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(POPOVER_THROTTLE_MS));
    fireEvent.click(more);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the host', () => {
  function place(el: HTMLElement, box: { top: number; left: number; width: number; height: number }) {
    el.getBoundingClientRect = () =>
      ({ ...box, x: box.left, y: box.top, right: box.left + box.width, bottom: box.top + box.height, toJSON: () => box }) as DOMRect;
    Object.defineProperty(el, 'offsetWidth', { configurable: true, value: box.width });
    Object.defineProperty(el, 'offsetHeight', { configurable: true, value: box.height });
  }
  beforeAll(() => {
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1000 });
    Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, value: 800 });
  });

  it('draws the tooltip above its anchor, and hides it once the anchor is scrolled out of view', async () => {
    const { services } = setup();
    const like = screen.getByRole('button', { name: 'Like' });
    place(like, { top: 400, left: 450, width: 100, height: 30 });
    act(() => void services.popover(like, { content: 'Like this member' }));
    fireEvent.mouseEnter(like);
    await act(async () => jest.advanceTimersByTimeAsync(POPOVER_SHOW_DELAY_MS));
    const tip = screen.getByRole('tooltip');
    // jsdom gives the tooltip no size: centred on the anchor, 6 px above it.
    expect(tip.style.top).toBe('394px');
    expect(tip.style.left).toBe('500px');
    expect(tip).toHaveAttribute('data-placement', 'top');

    place(like, { top: -40, left: 450, width: 100, height: 30 });
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await jest.advanceTimersByTimeAsync(POPOVER_THROTTLE_MS);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('placement (Floating UI, spec §9 offsets)', () => {
  type Box = { top: number; left: number; width: number; height: number };
  /** jsdom lays nothing out: give an element the box a browser would. */
  function laidOut(box: Box, dir: 'ltr' | 'rtl' = 'ltr') {
    const el = document.createElement('div');
    el.dir = dir;
    el.style.direction = dir;
    document.body.append(el);
    el.getBoundingClientRect = () =>
      ({ ...box, x: box.left, y: box.top, right: box.left + box.width, bottom: box.top + box.height, toJSON: () => box }) as DOMRect;
    Object.defineProperty(el, 'offsetWidth', { value: box.width });
    Object.defineProperty(el, 'offsetHeight', { value: box.height });
    return el;
  }
  const popover = () => laidOut({ top: 0, left: 0, width: 100, height: 40 });
  beforeAll(() => {
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1000 });
    Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, value: 800 });
  });
  beforeEach(() => jest.useRealTimers());
  afterEach(() => document.body.replaceChildren());

  it('puts a tooltip 6 px and a popover 8 px from the anchor, centred', async () => {
    const anchor = laidOut({ top: 400, left: 450, width: 100, height: 30 });
    await expect(positionPopover(anchor, popover(), 'tooltip', 'top')).resolves.toEqual({ top: 354, left: 450, placement: 'top', anchorOutOfView: false });
    await expect(positionPopover(anchor, popover(), 'popover', 'bottom')).resolves.toEqual({ top: 438, left: 450, placement: 'bottom', anchorOutOfView: false });
  });

  it('flips to the other side when the wanted one has no room, and stays in the viewport', async () => {
    const anchor = laidOut({ top: 10, left: 0, width: 40, height: 30 });
    const pos = await positionPopover(anchor, popover(), 'popover', 'top');
    expect(pos).toMatchObject({ placement: 'bottom', top: 48, left: 4 });
  });

  it('start and end follow the writing direction', async () => {
    const ltr = laidOut({ top: 400, left: 450, width: 100, height: 30 });
    expect(await positionPopover(ltr, popover(), 'popover', 'end')).toMatchObject({ left: 558, placement: 'end' });
    const rtl = laidOut({ top: 400, left: 450, width: 100, height: 30 }, 'rtl');
    expect(await positionPopover(rtl, popover(), 'popover', 'end')).toMatchObject({ left: 342, placement: 'end' });
  });

  it('an anchor more than 2 px out of the viewport hides its popover', async () => {
    const out = async (box: Box) => (await positionPopover(laidOut(box), popover(), 'tooltip')).anchorOutOfView;
    expect(await out({ top: -31, left: 0, width: 10, height: 30 })).toBe(false);
    expect(await out({ top: -33, left: 0, width: 10, height: 30 })).toBe(true);
    expect(await out({ top: 803, left: 0, width: 10, height: 30 })).toBe(true);
  });
});
