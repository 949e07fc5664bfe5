import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithShell, testShell } from '../testing/testShell';
import { PopoverHost } from './PopoverHost';
import { outOfView, placePopover } from './popoverStore';
import { POPOVER_HIDE_DELAY_MS, POPOVER_OFFSET, POPOVER_SHOW_DELAY_MS, POPOVER_THROTTLE_MS, TOOLTIP_OFFSET } from '@dating/shared';

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

describe('placement', () => {
  const viewport = { width: 1000, height: 800 };
  const size = { width: 100, height: 40 };
  it('puts a tooltip 6 px and a popover 8 px from the anchor, centred', () => {
    const anchor = { top: 400, left: 450, width: 100, height: 30 };
    expect(placePopover(anchor, size, viewport, 'top', TOOLTIP_OFFSET)).toEqual({ top: 354, left: 450, placement: 'top' });
    expect(placePopover(anchor, size, viewport, 'bottom', POPOVER_OFFSET)).toEqual({ top: 438, left: 450, placement: 'bottom' });
  });
  it('flips to the other side when the wanted one has no room, and stays in the viewport', () => {
    const anchor = { top: 10, left: 0, width: 40, height: 30 };
    const pos = placePopover(anchor, size, viewport, 'top', POPOVER_OFFSET);
    expect(pos.placement).toBe('bottom');
    expect(pos.top).toBe(48);
    expect(pos.left).toBe(4);
  });
  it('start and end follow the writing direction', () => {
    const anchor = { top: 400, left: 450, width: 100, height: 30 };
    expect(placePopover(anchor, size, viewport, 'end', 8).left).toBe(558);
    expect(placePopover(anchor, size, viewport, 'end', 8, true).left).toBe(342);
  });
  it('an anchor more than 2 px out of the viewport hides its popover', () => {
    expect(outOfView({ top: -31, left: 0, width: 10, height: 30 }, viewport)).toBe(false);
    expect(outOfView({ top: -33, left: 0, width: 10, height: 30 }, viewport)).toBe(true);
    expect(outOfView({ top: 803, left: 0, width: 10, height: 30 }, viewport)).toBe(true);
  });
});
