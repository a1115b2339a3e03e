import { ADMIN_SUBJECTS, SUBJECTS } from '@memories/contracts';
import type { BusClient } from '@memories/nest-common';
import { UserDirectory } from './user-directory';

const context = { correlationId: 'c-1', userId: 'owner' };

function busAnswering(answers: Record<string, unknown>): jest.Mocked<Pick<BusClient, 'request'>> {
  return {
    request: jest.fn(async (subject: string) => {
      if (!(subject in answers)) throw new Error(`unexpected request on ${subject}`);
      return answers[subject];
    }),
  } as unknown as jest.Mocked<Pick<BusClient, 'request'>>;
}

describe('UserDirectory', () => {
  it("takes the caller's e-mail from the auth service's profile of the envelope's user", async () => {
    const bus = busAnswering({ [SUBJECTS.auth.getProfile]: { id: 'owner', email: 'owner@example.com' } });

    await expect(new UserDirectory(bus as unknown as BusClient).callerEmail(context)).resolves.toBe(
      'owner@example.com',
    );
    expect(bus.request).toHaveBeenCalledWith(SUBJECTS.auth.getProfile, {}, context);
  });

  it('names every recipient who cannot receive shares in a 400-class error, asking once per distinct id', async () => {
    const bus = busAnswering({ [ADMIN_SUBJECTS.shareRecipients]: { users: [{ id: 'a', email: 'a@example.com' }] } });

    const failure = new UserDirectory(bus as unknown as BusClient).requireRecipients(['a', 'b', 'b', 'c'], context);

    await expect(failure).rejects.toMatchObject({
      code: 'MEMORY_SHARE_USERS_INVALID',
      message: 'Cannot share with b, c: no account with a confirmed e-mail address has these ids',
      detail: { unknownUserIds: ['b', 'c'] },
    });
    expect(bus.request).toHaveBeenCalledWith(ADMIN_SUBJECTS.shareRecipients, { ids: ['a', 'b', 'c'] }, context);
  });

  it('asks nothing when there is nobody to check', async () => {
    const bus = busAnswering({});

    await expect(
      new UserDirectory(bus as unknown as BusClient).requireRecipients([], context),
    ).resolves.toBeUndefined();
    expect(bus.request).not.toHaveBeenCalled();
  });
});
