import type { Memory } from '@memories/contracts';
import { unlockedJournals } from '@memories/web-crypto';
import { act, render, screen } from '@testing-library/react';
import { plainMemory, SEALED_TAG, SEALED_TITLE, sealedMemory } from '../../testing/sealed-memory.fixture';
import { MemoryGridCard } from './MemoryGridCard';

const actions = { onView: jest.fn(), onEdit: jest.fn(), onDelete: jest.fn() };

describe('MemoryGridCard', () => {
  let sealed: { memory: Memory; key: CryptoKey };
  beforeAll(async () => {
    sealed = await sealedMemory();
  });
  afterEach(() => act(() => unlockedJournals.lockAll()));

  it('shows a plain memory by its title and first tag', () => {
    render(<MemoryGridCard memory={plainMemory} {...actions} />);

    expect(screen.getByRole('button', { name: 'View Lake day' })).toHaveTextContent('Lake day');
    expect(screen.getByText('summer')).toBeInTheDocument();
    expect(screen.getByTestId('thumbnail-placeholder')).toBeInTheDocument();
  });

  it("says who wrote a memory of a shared journal that is not the reader's own", () => {
    const olive = { id: 'u-olive', name: 'Olive Owner', email: 'olive@example.com', profileImageUrl: null };
    const theirs = { ...plainMemory, sharedBy: olive };
    const { rerender } = render(<MemoryGridCard memory={plainMemory} {...actions} />);
    expect(screen.queryByTestId('shared-by')).not.toBeInTheDocument();

    rerender(<MemoryGridCard memory={theirs} {...actions} />);
    expect(screen.getByTestId('shared-by')).toHaveTextContent('Shared by Olive Owner');
    // A screen reader hears the card's facts with its name, not only "View <title>".
    expect(screen.getByRole('button', { name: 'View Lake day' })).toHaveAccessibleDescription(
      /^(Draft|Live) .*Shared by Olive Owner/,
    );
  });

  it('shows a memory of a locked journal as "Locked memory" while the journal is locked, never its ciphertext', () => {
    render(<MemoryGridCard memory={sealed.memory} {...actions} />);

    expect(screen.getByRole('button', { name: 'View Locked memory' })).toHaveTextContent('Locked memory');
    expect(screen.getByRole('button', { name: 'Actions for Locked memory' })).toBeInTheDocument();
    expect(screen.getByTestId('memory-card')).not.toHaveTextContent(sealed.memory.sealed!.ciphertext);
  });

  it('shows it opened while its journal is unlocked in this tab', async () => {
    unlockedJournals.unlock(sealed.memory.journalId, sealed.key);
    render(<MemoryGridCard memory={sealed.memory} {...actions} />);

    expect(await screen.findByRole('button', { name: `View ${SEALED_TITLE}` })).toHaveTextContent(SEALED_TITLE);
    expect(screen.getByText(SEALED_TAG)).toBeInTheDocument();
    expect(screen.queryByText('Locked memory')).not.toBeInTheDocument();
  });
});
