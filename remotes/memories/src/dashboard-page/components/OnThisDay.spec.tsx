import type { OnThisDayMemory } from '@memories/contracts';
import { unlockedJournals } from '@memories/web-crypto';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SEALED_TITLE } from '../../testing/sealed-memory.fixture';
import { plainSummary, sealedSummary } from '../../testing/sealed-summary.fixture';
import { OnThisDay } from './OnThisDay';

describe('OnThisDay', () => {
  let plain: OnThisDayMemory;
  let sealed: { memory: OnThisDayMemory; key: CryptoKey };
  beforeAll(async () => {
    const { summary, key } = await sealedSummary();
    plain = { ...plainSummary, yearsAgo: 1 };
    sealed = { memory: { ...summary, yearsAgo: 3 }, key };
  });
  afterEach(() => act(() => unlockedJournals.lockAll()));

  const cards = () => screen.getAllByTestId('memory-summary-card');

  it('shows a memory of a locked journal as "Locked memory" while the journal is locked, never its ciphertext', () => {
    render(<OnThisDay memories={[plain, sealed.memory]} />, { wrapper: MemoryRouter });

    expect(within(cards()[0]).getByRole('link')).toHaveTextContent('Lake day');
    expect(within(cards()[1]).getByRole('link')).toHaveAccessibleName(/Locked memory/);
    expect(within(cards()[1]).getByText('3 years ago')).toBeInTheDocument();
    expect(cards()[1]).not.toHaveTextContent(sealed.memory.sealed!.ciphertext);
    expect(cards()[1].querySelector('img')).not.toBeInTheDocument();
  });

  it('opens it while its journal is unlocked in this tab, still without a picture', async () => {
    unlockedJournals.unlock(sealed.memory.journalId, sealed.key);
    render(<OnThisDay memories={[sealed.memory]} />, { wrapper: MemoryRouter });

    expect(await screen.findByRole('heading', { name: SEALED_TITLE })).toBeInTheDocument();
    expect(screen.queryByText('Locked memory')).not.toBeInTheDocument();
    expect(cards()[0].querySelector('img')).not.toBeInTheDocument();
  });
});
