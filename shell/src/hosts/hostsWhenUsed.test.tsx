import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShell, testShell } from '../testing/testShell';
import { ModalHostWhenUsed, PopoverHostWhenUsed } from './hostsWhenUsed';

function setup() {
  const shell = testShell();
  renderWithShell(
    <>
      <div data-shell-frame="">
        <button type="button">Like</button>
      </div>
      <PopoverHostWhenUsed store={shell.popovers} />
      <ModalHostWhenUsed store={shell.modals} navigate={jest.fn()} />
    </>,
    shell,
  );
  return shell;
}

describe('the modal and popover hosts, loaded with the first modal or popover', () => {
  it('show the first modal and every one after it, and leave the page usable between them', async () => {
    const user = userEvent.setup();
    const { services } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    let result!: Promise<string | null>;
    act(() => {
      result = services.modal.open({ title: 'Delete chat?', body: 'It cannot be undone.', actions: [{ id: 'delete', label: 'Delete', variant: 'danger' }, { id: 'keep', label: 'Keep' }] });
    });
    expect(await screen.findByRole('dialog', { name: 'Delete chat?' })).toBeVisible();
    expect(document.querySelector('[data-shell-frame]')).toHaveAttribute('inert');
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    await expect(result).resolves.toBe('keep');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('[data-shell-frame]')).not.toHaveAttribute('inert');
    act(() => void services.modal.open({ title: 'Block member?', body: 'They cannot write to you.', actions: [{ id: 'ok', labelId: 'dialog.ok' }] }));
    expect(screen.getByRole('dialog', { name: 'Block member?' })).toBeVisible();
  });

  it('show the first tooltip when the pointer rests on its anchor', async () => {
    const { services } = setup();
    const like = screen.getByRole('button', { name: 'Like' });
    act(() => void services.popover(like, { content: 'Like this member' }));
    fireEvent.mouseEnter(like);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Like this member');
  });
});
