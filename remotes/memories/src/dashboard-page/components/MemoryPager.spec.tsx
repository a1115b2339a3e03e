import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryPager } from './MemoryPager';

describe('MemoryPager', () => {
  it('shows nothing with a single page', () => {
    const { container } = render(
      <MemoryPager page={0} pageSize={12} totalPages={1} totalElements={5} onPage={jest.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('says which results show and numbers five pages centred on the current one', () => {
    const onPage = jest.fn();
    render(<MemoryPager page={5} pageSize={12} totalPages={10} totalElements={115} onPage={onPage} />);

    expect(screen.getByText('Showing 61 to 72 of 115 results')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Page/ }).map((button) => button.textContent)).toEqual([
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPage.mock.calls).toEqual([[6], [3]]);
  });

  it('disables Previous on the first page and Next on the last, and ends the range at the total', () => {
    const { rerender } = render(
      <MemoryPager page={0} pageSize={12} totalPages={3} totalElements={30} onPage={jest.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    rerender(<MemoryPager page={2} pageSize={12} totalPages={3} totalElements={30} onPage={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Showing 25 to 30 of 30 results')).toBeInTheDocument();
  });
});
