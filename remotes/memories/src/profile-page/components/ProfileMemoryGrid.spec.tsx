import type { Memory } from '@memories/contracts';
import { unlockedJournals } from '@memories/web-crypto';
import { act, render, screen } from '@testing-library/react';
import { plainMemory, SEALED_TITLE, sealedMemory } from '../../testing/sealed-memory.fixture';
import { ProfileMemoryGrid } from './ProfileMemoryGrid';

describe('ProfileMemoryGrid', () => {
  let sealed: { memory: Memory; key: CryptoKey };
  beforeAll(async () => {
    sealed = await sealedMemory();
  });
  afterEach(() => act(() => unlockedJournals.lockAll()));

  it.each(['grid', 'list'] as const)(
    'names a memory of a locked journal "Locked memory" in the %s while the journal is locked',
    (view) => {
      const onOpen = jest.fn();
      render(<ProfileMemoryGrid memories={[plainMemory, sealed.memory]} view={view} onOpen={onOpen} />);

      expect(screen.getByRole('button', { name: /^Lake day/ })).toBeInTheDocument();
      screen.getByRole('button', { name: /^Locked memory/ }).click();
      // The memory as the server sent it: an opened copy never goes into navigation state.
      expect(onOpen).toHaveBeenCalledWith(sealed.memory);
      expect(document.body).not.toHaveTextContent(sealed.memory.sealed!.ciphertext);
    },
  );

  it.each(['grid', 'list'] as const)('names it by its title in the %s while its journal is unlocked', async (view) => {
    unlockedJournals.unlock(sealed.memory.journalId, sealed.key);
    render(<ProfileMemoryGrid memories={[sealed.memory]} view={view} onOpen={jest.fn()} />);

    expect(await screen.findByRole('button', { name: new RegExp(`^${SEALED_TITLE}`) })).toBeInTheDocument();
  });
});
