import { ArchiveNames, exportFileName, slugOf } from './archive-names';

describe('names inside an export archive', () => {
  it('names files by date and title, each name once, and the archive by the day', () => {
    const names = new ArchiveNames();
    expect(names.memoryBase('2024-05-01T12:00:00', 'Café: à la plage!')).toBe('2024-05-01-cafe-a-la-plage');
    expect(names.memoryBase('2024-05-01T18:00:00', 'Café: à la plage!')).toBe('2024-05-01-cafe-a-la-plage-2');
    expect(names.memoryBase('2024-05-02', '日記')).toBe('2024-05-02-memory');
    expect(slugOf('a'.repeat(100))).toHaveLength(60);
    expect(exportFileName(new Date('2025-01-31T23:00:00Z'))).toBe('memories-export-2025-01-31.zip');
  });
});
