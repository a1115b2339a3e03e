import type { Memory } from '@memories/contracts';
import { unlockedJournals } from '@memories/web-crypto';
import { act, render, screen, within } from '@testing-library/react';
import { plainMemory, SEALED_TAG, SEALED_TEXT, SEALED_TITLE, sealedMemory } from '../../testing/sealed-memory.fixture';
import { MemoryListTable } from './MemoryListTable';

const actions = { onView: jest.fn(), onEdit: jest.fn(), onDelete: jest.fn() };

describe('MemoryListTable', () => {
  let sealed: { memory: Memory; key: CryptoKey };
  beforeAll(async () => {
    sealed = await sealedMemory();
  });
  afterEach(() => act(() => unlockedJournals.lockAll()));

  it('shows a memory of a locked journal as "Locked memory", without an excerpt, while the journal is locked', () => {
    render(<MemoryListTable memories={[plainMemory, sealed.memory]} {...actions} />);

    const [plain, locked] = screen.getAllByTestId('memory-row');
    expect(plain).toHaveTextContent('We swam all afternoon.');
    expect(within(locked).getByRole('button', { name: 'View Locked memory' })).toBeInTheDocument();
    expect(within(locked).getByRole('button', { name: 'Delete Locked memory' })).toBeInTheDocument();
    expect(locked.querySelector('td')).toHaveTextContent(/^Locked memoryPublished$/);
    expect(locked).not.toHaveTextContent(sealed.memory.sealed!.ciphertext);
  });

  it('offers only View on a memory the reader may not change, and says who wrote it', () => {
    const olive = { id: 'u-olive', name: 'Olive Owner', email: 'olive@example.com', profileImageUrl: null };
    const theirs = { ...plainMemory, id: 'm-theirs', title: 'Sunday lunch', sharedBy: olive };
    render(
      <MemoryListTable memories={[plainMemory, theirs]} {...actions} mayChange={(memory) => memory.id !== theirs.id} />,
    );

    const [mine, other] = screen.getAllByTestId('memory-row');
    expect(within(mine).getByRole('button', { name: `Edit ${plainMemory.title}` })).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'View Sunday lunch' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Edit Sunday lunch' })).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Delete Sunday lunch' })).not.toBeInTheDocument();
    expect(within(other).getByTestId('shared-by')).toHaveTextContent('Shared by Olive Owner');
  });

  it('shows its title, excerpt and tags while its journal is unlocked in this tab', async () => {
    unlockedJournals.unlock(sealed.memory.journalId, sealed.key);
    render(<MemoryListTable memories={[sealed.memory]} {...actions} />);

    expect(await screen.findByRole('button', { name: `View ${SEALED_TITLE}` })).toBeInTheDocument();
    const row = screen.getByTestId('memory-row');
    expect(row).toHaveTextContent(SEALED_TEXT);
    expect(within(row).getByText(SEALED_TAG)).toBeInTheDocument();
  });
});
