import { fireEvent, render, screen } from '@testing-library/react';
import { ModalBody, modalBlocks } from '../src/ui/ModalBody';

describe('ModalBody: the one rendering of modal content', () => {
  it('turns plain text into paragraphs at blank lines', () => {
    expect(modalBlocks('First.\n\n  Second.\n \nThird.')).toEqual([
      { type: 'paragraph', text: 'First.' },
      { type: 'paragraph', text: 'Second.' },
      { type: 'paragraph', text: 'Third.' },
    ]);
    render(<ModalBody body={'One.\n\nTwo.'} classNames={{ paragraph: 'p' }} />);
    expect(screen.getByText('Two.')).toHaveClass('p');
  });

  it('renders headings, lists and links, and reports link clicks', () => {
    const onLink = jest.fn((e: React.MouseEvent) => e.preventDefault());
    render(
      <ModalBody
        onLink={onLink}
        body={[
          { type: 'heading', text: 'Rules' },
          { type: 'list', items: ['Be kind', 'Be honest'] },
          { type: 'link', text: 'Full terms', href: '/pages/terms' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Rules' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Be kind', 'Be honest']);
    const link = screen.getByRole('link', { name: 'Full terms' });
    expect(link).toHaveAttribute('href', '/pages/terms');
    fireEvent.click(link);
    expect(onLink).toHaveBeenCalledTimes(1);
  });
});
