import { strictMock, type StrictMock } from '@memories/server-testing';
import type { MemoryImagesRepository } from './memory-images.repository';
import { MemoryImagesService } from './memory-images.service';

describe('memory images', () => {
  let repository: StrictMock<MemoryImagesRepository>;
  let service: MemoryImagesService;

  beforeEach(() => {
    repository = strictMock<MemoryImagesRepository>('repository');
    service = new MemoryImagesService(repository as unknown as MemoryImagesRepository);
  });

  it('asks once per distinct URL which of the owner’s files their memories use', async () => {
    repository.referencedByOwner.mockResolvedValue(['/api/files/users/o/a.png']);

    await expect(
      service.referenced({
        ownerId: 'o',
        fileUrls: ['/api/files/users/o/a.png', '/api/files/users/o/a.png', '/api/files/users/o/b.png'],
      }),
    ).resolves.toEqual({ referenced: ['/api/files/users/o/a.png'] });
    expect(repository.referencedByOwner).toHaveBeenCalledWith('o', [
      '/api/files/users/o/a.png',
      '/api/files/users/o/b.png',
    ]);
  });

  it('answers an empty list without a query', async () => {
    await expect(service.referenced({ ownerId: 'o', fileUrls: [] })).resolves.toEqual({ referenced: [] });
  });

  it('lets nobody anonymous read a file', async () => {
    await expect(
      service.readable({ correlationId: 'c' }, { ownerId: 'o', fileUrl: '/api/files/users/o/a.png' }),
    ).resolves.toEqual({
      readable: false,
    });
  });

  it('asks whether the reader may read a memory of the owner that uses the file', async () => {
    repository.readableBy.mockResolvedValue(true);

    await expect(
      service.readable({ correlationId: 'c', userId: 'r' }, { ownerId: 'o', fileUrl: '/api/files/users/o/a.png' }),
    ).resolves.toEqual({ readable: true });
    expect(repository.readableBy).toHaveBeenCalledWith('r', 'o', '/api/files/users/o/a.png');
  });
});
