import { fireEvent, render, screen } from '@testing-library/react';
import { FilterSelect } from './FilterSelect';

const labels = { newest: 'Newest First', oldest: 'Oldest First' };

describe('FilterSelect', () => {
  it('shows a named, closed combobox with the current choice before MUI Select is loaded', () => {
    render(<FilterSelect label="Sort By" value="newest" labels={labels} onChange={jest.fn()} />);
    const combobox = screen.getByRole('combobox', { name: 'Sort By' });
    expect(combobox).toHaveTextContent('Newest First');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the options on the first press and reports the choice', async () => {
    const onChange = jest.fn();
    render(<FilterSelect label="Sort By" value="newest" labels={labels} onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort By' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Oldest First' }));
    expect(onChange).toHaveBeenCalledWith('oldest');
  });

  it('opens from the keyboard too', async () => {
    render(<FilterSelect label="Sort By" value="newest" labels={labels} onChange={jest.fn()} />);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Sort By' }), { key: 'ArrowDown' });
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });
});
