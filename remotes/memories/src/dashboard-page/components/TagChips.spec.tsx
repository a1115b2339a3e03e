import { render, screen } from '@testing-library/react';
import { TagChips } from './TagChips';

describe('TagChips', () => {
  it('shows one tag and "+N" on a card', () => {
    render(<TagChips tags={['sea', 'sun', 'sand']} max={1} />);
    expect(screen.getByText('sea')).toBeInTheDocument();
    expect(screen.queryByText('sun')).not.toBeInTheDocument();
    expect(screen.getByText('+2')).toBeInTheDocument();
  });

  it('shows two tags and no count when nothing is hidden in a row', () => {
    render(<TagChips tags={['sea', 'sun']} max={2} />);
    expect(screen.getByText('sun')).toBeInTheDocument();
    expect(screen.queryByText(/^\+/)).not.toBeInTheDocument();
  });
});
