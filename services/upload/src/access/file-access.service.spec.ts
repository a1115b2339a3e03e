import { Readable } from 'node:stream';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { FileRecord } from '../files/file.record';
import type { FilesRepository } from '../files/files.repository';
import type { StoredFileVerifier } from '../files/stored-file.verifier';
import type { DirectStorageAccess, StoragePort } from '../storage/storage.port';
import { FileAccessService } from './file-access.service';
import type { MediaTokenVerifier } from './media-token.verifier';
import type { MemoryReferencesClient } from './memory-references.client';
import type { ProfileImagesClient } from './profile-images.client';
import type { BearerCaller } from './bearer-caller';

const KEY = 'users/owner-1/0b5e1f2a-8c1d-4e2f-9a3b-4c5d6e7f8a9b.png';
const NOW = new Date('2026-01-01T12:00:00Z');
const record = (change: Partial<FileRecord> = {}): FileRecord => ({
  key: KEY,
  ownerId: 'owner-1',
  contentType: 'image/png',
  size: 70,
  createdAt: new Date(NOW.getTime() - 60 * 60 * 1000),
  verifiedAt: NOW,
  referencedAt: null,
  ...change,
});

describe('file access', () => {
  let files: StrictMock<FilesRepository>;
  let tokens: StrictMock<MediaTokenVerifier>;
  let memories: StrictMock<MemoryReferencesClient>;
  let profileImages: StrictMock<ProfileImagesClient>;
  let verifier: StrictMock<StoredFileVerifier>;
  let storage: StrictMock<Omit<StoragePort, 'direct'>>;
  let direct: StrictMock<DirectStorageAccess>;

  const service = (withDirect: boolean) =>
    new FileAccessService(
      files as unknown as FilesRepository,
      tokens as unknown as MediaTokenVerifier,
      strictMock<BearerCaller>('bearer') as unknown as BearerCaller,
      memories as unknown as MemoryReferencesClient,
      profileImages as unknown as ProfileImagesClient,
      verifier as unknown as StoredFileVerifier,
      // A plain object: whether `direct` exists is what picks streaming or redirecting.
      { read: storage.read, ...(withDirect ? { direct } : {}) } as unknown as StoragePort,
    );
  const request = { key: KEY, mediaToken: 'token', correlationId: 'c1' };

  beforeEach(() => {
    files = strictMock<FilesRepository>('files');
    tokens = strictMock<MediaTokenVerifier>('tokens');
    memories = strictMock<MemoryReferencesClient>('memories');
    profileImages = strictMock<ProfileImagesClient>('profileImages');
    verifier = strictMock<StoredFileVerifier>('verifier');
    storage = strictMock<Omit<StoragePort, 'direct'>>('storage');
    direct = strictMock<DirectStorageAccess>('direct');
  });

  it('answers nothing to a reader without a valid token, before looking the file up', async () => {
    tokens.userIdOf.mockResolvedValue(null);
    await expect(service(false).read(request, NOW)).resolves.toBeNull();
  });

  it('streams a local file to its uploader without asking the memory service', async () => {
    const body = Readable.from([]);
    tokens.userIdOf.mockResolvedValue('owner-1');
    files.find.mockResolvedValue(record());
    storage.read.mockResolvedValue(body);

    await expect(service(false).read(request, NOW)).resolves.toEqual({
      kind: 'bytes',
      body,
      size: 70,
      headers: {
        contentType: 'image/png',
        contentDisposition: 'inline; filename="image.png"',
        cacheControl: 'private, max-age=300',
      },
    });
  });

  it('asks the memory service for anyone else, and answers nothing when no memory and no profile picture allows it', async () => {
    tokens.userIdOf.mockResolvedValue('stranger');
    files.find.mockResolvedValue(record());
    memories.canRead.mockResolvedValue(false);
    profileImages.referencedKeys.mockResolvedValue(new Set());

    await expect(service(false).read(request, NOW)).resolves.toBeNull();
    expect(memories.canRead).toHaveBeenCalledWith({ correlationId: 'c1', userId: 'stranger' }, 'owner-1', KEY);
    expect(profileImages.referencedKeys).toHaveBeenCalledWith({ correlationId: 'c1', userId: 'stranger' }, 'owner-1', [
      KEY,
    ]);
  });

  it('shows a profile picture to someone connected to its owner by a share', async () => {
    const body = Readable.from([]);
    tokens.userIdOf.mockResolvedValue('friend');
    files.find.mockResolvedValue(record());
    memories.canRead.mockResolvedValue(false);
    profileImages.referencedKeys.mockResolvedValue(new Set([KEY]));
    memories.connected.mockResolvedValue(true);
    storage.read.mockResolvedValue(body);

    await expect(service(false).read(request, NOW)).resolves.toMatchObject({ kind: 'bytes', body });
    expect(memories.connected).toHaveBeenCalledWith({ correlationId: 'c1', userId: 'friend' }, 'owner-1');
  });

  it('hides a profile picture from someone no share connects to its owner', async () => {
    tokens.userIdOf.mockResolvedValue('stranger');
    files.find.mockResolvedValue(record());
    memories.canRead.mockResolvedValue(false);
    profileImages.referencedKeys.mockResolvedValue(new Set([KEY]));
    memories.connected.mockResolvedValue(false);

    await expect(service(false).read(request, NOW)).resolves.toBeNull();
  });

  it('checks an S3 file on every read while its PUT URL is valid, without recording it', async () => {
    tokens.userIdOf.mockResolvedValue('owner-1');
    files.find.mockResolvedValue(record({ verifiedAt: null, createdAt: new Date(NOW.getTime() - 60 * 1000) }));
    verifier.verify.mockResolvedValue({ status: 'image', size: 70 });
    direct.presignGet.mockResolvedValue('http://bucket/signed');

    await expect(service(true).read(request, NOW)).resolves.toEqual({
      kind: 'redirect',
      location: 'http://bucket/signed',
    });
    expect(files.markVerified).not.toHaveBeenCalled();
  });

  it('records an S3 file as verified once its PUT URL has expired', async () => {
    tokens.userIdOf.mockResolvedValue('owner-1');
    files.find.mockResolvedValue(record({ verifiedAt: null }));
    verifier.verify.mockResolvedValue({ status: 'image', size: 70 });
    files.markVerified.mockResolvedValue(true);
    direct.presignGet.mockResolvedValue('http://bucket/signed');

    await service(true).read(request, NOW);

    expect(files.markVerified).toHaveBeenCalledWith(KEY, 70);
  });

  it('never redirects to an S3 object that failed verification', async () => {
    tokens.userIdOf.mockResolvedValue('owner-1');
    files.find.mockResolvedValue(record({ verifiedAt: null }));
    verifier.verify.mockResolvedValue({ status: 'refused' });

    await expect(service(true).read(request, NOW)).resolves.toBeNull();
  });
});
