import type { Memory, MemoryVersion, MemoryVersionSummary } from '@memories/contracts';
import { memoryVersionsApi } from '@memories/web-api-client';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryHistoryDialog } from './MemoryHistoryDialog';

jest.mock('@memories/web-api-client', () => ({
  ...jest.requireActual('@memories/web-api-client'),
  memoryVersionsApi: { list: jest.fn(), get: jest.fn(), restore: jest.fn() },
}));
const api = jest.mocked(memoryVersionsApi);

const memory = { id: 'm1', title: 'Lake day', wordCount: 6, updatedAt: '2026-07-04T18:00:00.000Z' } as Memory;
const summary = (
  id: string,
  savedAt: string,
  wordCount: number,
  wordCountDelta: number | null,
): MemoryVersionSummary => ({
  id,
  savedAt,
  replacedAt: savedAt,
  replacedBy: 'save',
  title: 'Lake day',
  isDraft: true,
  wordCount,
  wordCountDelta,
});
const content = { title: 'Lake day', date: '2026-07-04T12:00:00', tags: [], isDraft: true, thumbnailUrl: '' };
const version: MemoryVersion = {
  ...summary('v1', '2026-07-04T10:00:00.000Z', 2, null),
  ...content,
  memoryId: 'm1',
  contentJson: '{}',
  contentHtml: '<p>We rowed</p>',
  contentText: 'We rowed',
  wordCount: 2,
  current: { ...content, title: 'Lake day at dawn', contentText: 'We rowed across the lake', wordCount: 6 },
};

beforeEach(() => {
  jest.resetAllMocks();
  api.list.mockResolvedValue({
    versions: [summary('v2', '2026-07-04T12:00:00.000Z', 4, 2), summary('v1', '2026-07-04T10:00:00.000Z', 2, null)],
  });
  api.get.mockImplementation(async (_memoryId, versionId) => ({ ...version, id: versionId }));
});

describe('MemoryHistoryDialog', () => {
  it('lists the current version and the kept ones, newest first, with their word changes', async () => {
    render(<MemoryHistoryDialog memory={memory} onClose={jest.fn()} onRestored={jest.fn()} />);

    await screen.findAllByRole('button', { name: /Jul 4, 2026/ });
    const items = within(screen.getByRole('navigation', { name: 'Versions' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Current version.*\+2 words$/),
      expect.stringMatching(/Jul 4, 2026.*\+2 words · Draft$/),
      expect.stringMatching(/Jul 4, 2026.*Draft$/),
    ]);
  });

  it('shows a version with what differs from the current text, and restores it', async () => {
    const onRestored = jest.fn();
    const restored = { memory: { ...memory, title: 'Lake day' }, undoVersionId: 'v3', message: 'Version restored' };
    api.restore.mockResolvedValue(restored);
    render(<MemoryHistoryDialog memory={memory} onClose={jest.fn()} onRestored={onRestored} />);

    fireEvent.click((await screen.findAllByRole('button', { name: /Jul 4, 2026/ }))[1]);

    expect(await screen.findByRole('heading', { name: /Version of Jul 4, 2026/ })).toBeInTheDocument();
    expect(screen.getByText('Title: “Lake day” (now “Lake day at dawn”)')).toBeInTheDocument();
    const text = screen.getByTestId('version-text');
    expect(
      within(text).getByText(
        (_, element) => element?.tagName === 'DEL' && element.textContent?.includes('across the lake') === true,
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    await screen.findByRole('button', { name: 'Restore this version' });
    expect(api.restore).toHaveBeenCalledWith('m1', 'v1');
    expect(onRestored).toHaveBeenCalledWith(restored);
  });

  it('offers no restore, and says why, while the editor holds unsaved changes', async () => {
    render(
      <MemoryHistoryDialog
        memory={memory}
        onClose={jest.fn()}
        onRestored={jest.fn()}
        restoreBlockedReason="Save your changes first."
      />,
    );

    fireEvent.click((await screen.findAllByRole('button', { name: /Jul 4, 2026/ }))[0]);

    expect(await screen.findByText('Save your changes first.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
  });

  it('says when there is no earlier version, and shows a failed restore in place', async () => {
    api.list.mockResolvedValue({ versions: [] });
    render(<MemoryHistoryDialog memory={memory} onClose={jest.fn()} onRestored={jest.fn()} />);

    expect(await screen.findByText(/No earlier versions yet/)).toBeInTheDocument();
  });
});
