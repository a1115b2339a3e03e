import { JOURNAL_MESSAGES, type Journal } from '@memories/contracts';
import type { JournalsApi } from '@memories/web-api-client';
import { journalsStore } from '@memories/web-journals/journals-store';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { JournalsCard } from './components/JournalsCard';
import { LOCKED_JOURNAL_WARNING } from './components/JournalFormDialog';

jest.mock('@memories/web-session', () => ({ useSession: () => ({ user: { id: 'me' } }) }));

const journal = (id: string, name: string, changes: Partial<Journal> = {}): Journal => ({
  id,
  name,
  color: '#3f6ad8',
  role: 'owner',
  locked: false,
  isDefault: false,
  memoryCount: 0,
  memberCount: 0,
  position: 0,
  ...changes,
});

function fakeApi(journals: Journal[]) {
  const api = {
    list: jest.fn(async () => journals),
    create: jest.fn(async (input: { name: string }) => ({
      data: journal('new', input.name),
      message: 'Journal created',
    })),
    update: jest.fn(async (id: string, changes: { position?: number } = {}) => {
      const updated = journals.find((item) => item.id === id)!;
      if (changes.position !== undefined) {
        journals.splice(journals.indexOf(updated), 1);
        journals.splice(changes.position, 0, updated);
      }
      return { data: updated, message: 'Journal updated' };
    }),
    remove: jest.fn(async () => ({ data: null, message: 'Journal deleted' })),
    removeMember: jest.fn(async () => ({ data: null, message: 'You left the journal' })),
  };
  return api;
}

async function renderCard(journals: Journal[]) {
  const api = fakeApi(journals);
  journalsStore.clear();
  // The card reads the page's store; point it at this test's journals.
  jest.spyOn(journalsStore, 'refresh').mockImplementation(async () => {
    (journalsStore as unknown as { set: (state: unknown) => void }).set({
      status: 'ready',
      journals: await api.list(),
    });
  });
  render(<JournalsCard api={api as unknown as JournalsApi} />);
  await screen.findAllByTestId('journal-row');
  return api;
}

describe('Settings → Journals', () => {
  it('lists journals with their facts and lets the owner reorder, make default, and leave a shared one', async () => {
    const api = await renderCard([
      journal('a', 'Journal', { isDefault: true, memoryCount: 12 }),
      journal('b', 'Travel', { memoryCount: 1, memberCount: 2 }),
      journal('c', 'Family', {
        role: 'editor',
        owner: { id: 'o', name: 'Ana', email: 'ana@example.com', profileImageUrl: null },
      }),
    ]);
    const rows = screen.getAllByTestId('journal-row');
    expect(within(rows[0]).getByText('12 memories · Yours · default')).toBeInTheDocument();
    expect(within(rows[1]).getByText('1 memory · Yours · shared with 2 people')).toBeInTheDocument();
    expect(within(rows[2]).getByText('0 memories · shared by Ana')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Move Journal up' })).toHaveAttribute('aria-disabled', 'true');

    // The moved journal's button keeps focus, though its row moved and the button is now unavailable.
    const moveUp = within(rows[1]).getByRole('button', { name: 'Move Travel up' });
    act(() => moveUp.focus());
    fireEvent.click(moveUp);
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('b', { position: 0 }));
    await waitFor(() => expect(screen.getAllByTestId('journal-row')[0]).toHaveTextContent('Travel'));
    await waitFor(() => expect(moveUp).toHaveAttribute('aria-disabled', 'true'));
    expect(screen.getByRole('button', { name: 'Move Travel up' })).toHaveFocus();
    // Moving a journal down moves its own row in the page (React keeps its focus).
    const moveDown = screen.getByRole('button', { name: 'Move Journal down' });
    act(() => moveDown.focus());
    fireEvent.click(moveDown);
    await waitFor(() => expect(screen.getAllByTestId('journal-row')[2]).toHaveTextContent('Journal'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Journal down' })).toHaveFocus());
    const makeDefault = within(screen.getAllByTestId('journal-row')[0]).getByRole('button', { name: 'Make default' });
    await waitFor(() => expect(makeDefault).not.toHaveAttribute('aria-disabled'));
    fireEvent.click(makeDefault);
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('b', { isDefault: true }));

    const family = screen.getAllByTestId('journal-row').find((row) => row.textContent?.includes('Family'))!;
    const leave = within(family).getByRole('button', { name: 'Leave' });
    await waitFor(() => expect(leave).not.toHaveAttribute('aria-disabled'));
    fireEvent.click(leave);
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave “Family”?' }, { timeout: 15_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(api.removeMember).toHaveBeenCalledWith('c', 'me'));
  }, 30_000);

  it('lets a journal be created while a move is saved, and the move ending leaves that dialog open', async () => {
    const api = await renderCard([journal('a', 'Journal', { isDefault: true }), journal('b', 'Travel')]);
    let finishMove = () => undefined as void;
    api.update.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          finishMove = () => resolve({ data: journal('b', 'Travel'), message: 'Journal updated' });
        }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move Travel up' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('b', { position: 0 }));

    const newJournal = screen.getByRole('button', { name: 'New journal' });
    expect(newJournal).toBeEnabled();
    fireEvent.click(newJournal);
    const dialog = await screen.findByRole('alertdialog', { name: 'New journal' }, { timeout: 15_000 });
    finishMove();

    expect(await screen.findByText('Journal updated')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  }, 30_000);

  it('warns in plain words before a locked journal is made, and refuses to go on without the confirmation', async () => {
    const api = await renderCard([journal('a', 'Journal', { isDefault: true })]);
    fireEvent.click(screen.getByRole('button', { name: 'New journal' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'New journal' }, { timeout: 15_000 });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Private' } });
    fireEvent.click(within(dialog).getByLabelText(/Lock it with a passphrase/));
    expect(within(dialog).getByRole('note')).toHaveTextContent(LOCKED_JOURNAL_WARNING);
    fireEvent.change(within(dialog).getByLabelText(/^Passphrase\s*\*?$/), {
      target: { value: 'correct horse battery' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Passphrase again/), { target: { value: 'correct horse battery' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create journal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Confirm that you understand what a lost passphrase means.',
    );
    expect(api.create).not.toHaveBeenCalled();
  }, 30_000);

  it('says at once why the default journal cannot be deleted, and asks where the memories go for another', async () => {
    const api = await renderCard([
      journal('a', 'Journal', { isDefault: true }),
      journal('b', 'Travel', { memoryCount: 3 }),
    ]);
    fireEvent.click(within(screen.getAllByTestId('journal-row')[0]).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(JOURNAL_MESSAGES.defaultJournal);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    fireEvent.click(within(screen.getAllByTestId('journal-row')[1]).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Travel”?' }, { timeout: 15_000 });
    expect(dialog).toHaveTextContent('Its 3 memories move to the journal you choose');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete journal' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('b', 'a'));
  }, 30_000);
});
