import { CLEANUP_IMAGES_MESSAGE, UPLOAD_SUBJECTS } from '@memories/contracts';
import type { BusClient } from '@memories/nest-common';
import { strictMock } from '@memories/server-testing';
import { ImageCleanupController } from './image-cleanup.controller';
import { UploadsController } from './uploads.controller';

describe('upload grants endpoint', () => {
  it('asks the upload service for a grant as the signed-in user, passing only the name, type and size', async () => {
    const bus = strictMock<BusClient>('bus');
    const grant = {
      uploadUrl: '/api/upload/files/users/u1/f.png?expires=1&signature=s',
      fileUrl: '/api/files/users/u1/f.png',
    };
    bus.request.mockResolvedValue(grant as never);
    const body = Object.assign(Object.create(null), {
      fileName: 'a.png',
      fileType: 'image/png',
      fileSize: 12,
      extra: 'ignored',
    });

    const answer = await new UploadsController(bus as unknown as BusClient).presignedUrl(
      { correlationId: 'c1', userId: 'u1' },
      body,
    );

    expect(answer).toEqual({ success: true, data: grant });
    expect(bus.request).toHaveBeenCalledWith(
      UPLOAD_SUBJECTS.createGrant,
      { fileName: 'a.png', fileType: 'image/png', fileSize: 12 },
      { correlationId: 'c1', userId: 'u1' },
    );
  });
});

describe('image clean-up endpoint', () => {
  it('asks the upload service to clean up as the signed-in user and answers with a message', async () => {
    const bus = strictMock<BusClient>('bus');
    bus.request.mockResolvedValue({ deleted: 1 } as never);
    const urls = ['/api/files/users/u1/a.png', 'https://elsewhere.example/b.png'];

    const answer = await new ImageCleanupController(bus as unknown as BusClient).cleanupImages(
      { correlationId: 'c1', userId: 'u1' },
      { imageUrls: urls },
    );

    expect(answer).toEqual({ success: true, data: { deleted: 1 }, message: CLEANUP_IMAGES_MESSAGE });
    expect(bus.request).toHaveBeenCalledWith(
      UPLOAD_SUBJECTS.cleanup,
      { imageUrls: urls },
      { correlationId: 'c1', userId: 'u1' },
    );
  });
});
