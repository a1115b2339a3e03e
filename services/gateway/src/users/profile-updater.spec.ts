import { SUBJECTS, UPLOAD_SUBJECTS } from '@memories/contracts';
import type { BusClient } from '@memories/nest-common';
import { ProfileUpdater } from './profile-updater';

const context = { correlationId: 'c-1', userId: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01' };
const OLD = `/api/files/users/${context.userId}/6b0c4f5e-1111-4222-8333-444455556666.webp`;
const NEW = `/api/files/users/${context.userId}/7c1d5a6f-2222-4333-8444-555566667777.webp`;

function updaterWith(current: string | null, cleanup: () => Promise<unknown> = async () => ({ deleted: 1 })) {
  const request = jest.fn(async (subject: string, payload: { profileImageUrl?: string | null }) => {
    if (subject === SUBJECTS.auth.getProfile) return { id: context.userId, profileImageUrl: current };
    if (subject === SUBJECTS.auth.updateProfile)
      return { id: context.userId, profileImageUrl: payload.profileImageUrl ?? current };
    if (subject === UPLOAD_SUBJECTS.cleanup) return cleanup();
    throw new Error(`unexpected request on ${subject}`);
  });
  return { request, updater: new ProfileUpdater({ request } as unknown as BusClient) };
}

describe('ProfileUpdater', () => {
  it('hands the picture a new one replaced to the clean-up, as the user', async () => {
    const { request, updater } = updaterWith(OLD);

    await expect(updater.update(context, { profileImageUrl: NEW })).resolves.toMatchObject({ profileImageUrl: NEW });

    expect(request).toHaveBeenCalledWith(UPLOAD_SUBJECTS.cleanup, { imageUrls: [OLD] }, context);
  });

  it('cleans up a removed picture too', async () => {
    const { request, updater } = updaterWith(OLD);
    request
      .mockImplementationOnce(async () => ({ profileImageUrl: OLD }))
      .mockImplementationOnce(async () => ({ profileImageUrl: null }));

    await updater.update(context, { profileImageUrl: null });

    expect(request).toHaveBeenCalledWith(UPLOAD_SUBJECTS.cleanup, { imageUrls: [OLD] }, context);
  });

  it('changes a name without reading the profile or cleaning anything up', async () => {
    const { request, updater } = updaterWith(OLD);

    await updater.update(context, { name: 'Ada King' });

    expect(request.mock.calls.map(([subject]) => subject)).toEqual([SUBJECTS.auth.updateProfile]);
  });

  it('answers the saved profile even when the clean-up fails', async () => {
    const { updater } = updaterWith(OLD, async () => Promise.reject(new Error('upload service down')));

    await expect(updater.update(context, { profileImageUrl: NEW })).resolves.toMatchObject({ profileImageUrl: NEW });
  });
});
