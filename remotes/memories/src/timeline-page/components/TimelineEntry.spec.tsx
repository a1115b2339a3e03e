import type { MemorySummary } from '@memories/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TimelineEntry } from './TimelineEntry';

const entry: MemorySummary = {
  id: 'm1',
  title: 'Lake day',
  date: '2026-07-04T12:00:00',
  imageUrl: '/api/files/users/u1/a.png',
  isDraft: false,
  tags: ['summer'],
  excerpt: 'We swam all afternoon.',
  mood: null,
};

describe('TimelineEntry', () => {
  it('links a memory by its title, with its picture and excerpt', () => {
    const { container } = render(<TimelineEntry entry={entry} />, { wrapper: MemoryRouter });

    expect(screen.getByRole('link', { name: 'Lake day' })).toHaveAttribute('href', '/memory/m1');
    expect(container.querySelector('img')).toHaveAttribute('src', entry.imageUrl);
    expect(screen.getByText('We swam all afternoon.')).toBeInTheDocument();
  });

  it('links a memory of a locked journal (no title in its summary) as "Locked memory", without its image', () => {
    const locked = { ...entry, title: '', tags: [], excerpt: '', imageUrl: '/api/files/users/u1/sealed' };
    const { container } = render(<TimelineEntry entry={locked} />, { wrapper: MemoryRouter });

    expect(screen.getByRole('link', { name: 'Locked memory' })).toHaveAttribute('href', '/memory/m1');
    expect(container.querySelector('img')).not.toBeInTheDocument();
  });
});
