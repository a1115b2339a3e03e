import type { MemorySummary } from '@memories/contracts';
import { unlockedJournals } from '@memories/web-crypto';
import { moodLabel } from '@memories/web-ui';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SEALED_TAG, SEALED_TEXT, SEALED_TITLE } from '../../testing/sealed-memory.fixture';
import { plainSummary as entry, SEALED_MOOD, sealedSummary } from '../../testing/sealed-summary.fixture';
import { TimelineEntry } from './TimelineEntry';

describe('TimelineEntry', () => {
  let sealed: { summary: MemorySummary; key: CryptoKey };
  beforeAll(async () => {
    sealed = await sealedSummary();
  });
  afterEach(() => act(() => unlockedJournals.lockAll()));

  it('links a memory by its title, with its picture and excerpt', () => {
    const { container } = render(<TimelineEntry entry={entry} />, { wrapper: MemoryRouter });

    expect(screen.getByRole('link', { name: 'Lake day' })).toHaveAttribute('href', '/memory/m1');
    expect(container.querySelector('img')).toHaveAttribute('src', entry.imageUrl);
    expect(screen.getByText('We swam all afternoon.')).toBeInTheDocument();
  });

  it('links a memory of a locked journal as "Locked memory" while the journal is locked, never its ciphertext', () => {
    const { container } = render(<TimelineEntry entry={sealed.summary} />, { wrapper: MemoryRouter });

    expect(screen.getByRole('link', { name: 'Locked memory' })).toHaveAttribute('href', '/memory/m2');
    expect(container.querySelector('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('timeline-entry')).not.toHaveTextContent(sealed.summary.sealed!.ciphertext);
  });

  it('opens it while its journal is unlocked in this tab: title, tags, mood and excerpt, still without a picture', async () => {
    unlockedJournals.unlock(sealed.summary.journalId, sealed.key);
    const { container } = render(<TimelineEntry entry={sealed.summary} />, { wrapper: MemoryRouter });

    expect(await screen.findByRole('link', { name: SEALED_TITLE })).toHaveAttribute('href', '/memory/m2');
    expect(screen.getByText(SEALED_TEXT)).toBeInTheDocument();
    expect(screen.getByTestId('timeline-entry')).toHaveTextContent(SEALED_TAG);
    expect(screen.getByTestId('memory-mood')).toHaveTextContent(moodLabel(SEALED_MOOD));
    expect(container.querySelector('img')).not.toBeInTheDocument();

    act(() => unlockedJournals.lockAll());
    expect(screen.getByRole('link', { name: 'Locked memory' })).toBeInTheDocument();
    expect(screen.queryByText(SEALED_TEXT)).not.toBeInTheDocument();
  });
});
