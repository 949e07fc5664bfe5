import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShell, testShell } from '../testing/testShell';
import { ModalHost } from './ModalHost';
import { MODAL_BASE_Z_INDEX } from '@dating/shared';

function setup() {
  const shell = testShell();
  const navigate = jest.fn();
  renderWithShell(
    <>
      <div data-shell-frame="">
        <button type="button">Open from here</button>
      </div>
      <ModalHost store={shell.modals} navigate={navigate} />
    </>,
    shell,
  );
  return { ...shell, navigate };
}

// The focus returns on the next animation frame.
const frame = () => act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));

describe('modals', () => {
  it('resolve with the chosen action, return focus where it was, and leave the page usable again', async () => {
    const user = userEvent.setup();
    const { services } = setup();
    const opener = screen.getByRole('button', { name: 'Open from here' });
    opener.focus();
    let result!: Promise<string | null>;
    act(() => {
      result = services.modal.open({ title: 'Delete chat?', body: 'It cannot be undone.', actions: [{ id: 'delete', label: 'Delete', variant: 'danger' }, { id: 'keep', label: 'Keep' }] });
    });
    const dialog = screen.getByRole('dialog', { name: 'Delete chat?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    // The safe choice has focus, not the destructive one.
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    expect(document.querySelector('[data-shell-frame]')).toHaveAttribute('inert');
    expect((dialog.parentElement as HTMLElement).style.zIndex).toBe(String(MODAL_BASE_Z_INDEX));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(result).resolves.toBe('delete');
    await frame();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.querySelector('[data-shell-frame]')).not.toHaveAttribute('inert');
  });

  it('close with Escape, resolving null', async () => {
    const user = userEvent.setup();
    const { services } = setup();
    let result!: Promise<string | null>;
    act(() => {
      result = services.modal.open({ title: 'Terms', body: 'Text' });
    });
    await user.keyboard('{Escape}');
    await expect(result).resolves.toBeNull();
  });

  it('that are not dismissible ignore Escape', async () => {
    const user = userEvent.setup();
    const { services } = setup();
    act(() => void services.modal.open({ title: 'Choose', body: 'Pick one', dismissible: false, actions: [{ id: 'a', label: 'A' }] }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Choose' })).toBeInTheDocument();
  });

  it('keep Tab inside the dialog', async () => {
    const user = userEvent.setup();
    const { services } = setup();
    act(() => void services.modal.open({ title: 'Two buttons', body: 'x', actions: [{ id: 'a', label: 'First' }, { id: 'b', label: 'Second' }] }));
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Second' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Second' })).toHaveFocus();
  });

  it('alert and confirm have localized buttons', async () => {
    const user = userEvent.setup();
    const { services } = setup();
    let confirmed!: Promise<boolean>;
    act(() => {
      confirmed = services.modal.confirm({ title: 'Sure?', message: 'Really.' });
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(confirmed).resolves.toBe(false);
    let alerted!: Promise<void>;
    act(() => {
      alerted = services.modal.alert({ title: 'Error', message: 'Chat could not be removed' });
    });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(alerted).resolves.toBeUndefined();
  });

  it('render structured content and route same-site links through the shell', async () => {
    const user = userEvent.setup();
    const { services, navigate } = setup();
    let result!: Promise<string | null>;
    act(() => {
      result = services.modal.open({
        title: 'Privacy',
        body: [
          { type: 'heading', text: 'What we keep' },
          { type: 'list', items: ['Your email', 'Your profile'] },
          { type: 'link', text: 'Full privacy statement', href: '/pages/privacy' },
        ],
      });
    });
    expect(screen.getByRole('heading', { name: 'What we keep' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('link', { name: 'Full privacy statement' }));
    expect(navigate).toHaveBeenCalledWith('/pages/privacy');
    await expect(result).resolves.toBeNull();
  });

  it('show a photos block (a match) as named images, an initial where there is no photo, and focus the first action', () => {
    const { services } = setup();
    act(() => {
      void services.modal.open({
        title: 'It’s a match!',
        body: [{ type: 'photos', photos: [{ src: '/api/images/me.jpg', alt: 'Your photo' }, { src: null, alt: 'Photo of Anna', initial: 'A' }] }],
        actions: [{ id: 'message', label: 'Send a message', variant: 'primary' }, { id: 'browse', label: 'Keep browsing' }],
      });
    });
    const dialog = screen.getByRole('dialog', { name: 'It’s a match!' });
    expect(screen.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', '/api/images/me.jpg');
    expect(screen.getByRole('img', { name: 'Photo of Anna' })).toHaveTextContent('A');
    expect(dialog).toContainElement(screen.getByRole('img', { name: 'Photo of Anna' }));
    expect(screen.getByRole('button', { name: 'Send a message' })).toHaveFocus();
  });
});
