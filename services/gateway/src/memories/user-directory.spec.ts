import { ADMIN_SUBJECTS, SUBJECTS, USER_LOOKUP_SUBJECT } from '@memories/contracts';
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

  describe('a page of memories', () => {
    const pagination = { page: 0, size: 20, total: 2, totalPages: 1 };
    const mine = { id: 'm-1', ownerId: 'owner', title: 'Mine, "ownerId":"someone" in the title' };
    const theirs = { id: 'm-2', ownerId: 'other', title: 'Theirs' };

    it("is passed on as its text when the memory service marks every memory the caller's, asking nobody", async () => {
      const bus = busAnswering({});
      // Spaced as no re-serialisation would write it: the text itself is what goes out.
      const items = `[${JSON.stringify(mine)}, ${JSON.stringify(mine)}]`;
      const page = `{"allByCaller":true,"items":${items},"pagination":${JSON.stringify(pagination)}}`;

      const reply = await new UserDirectory(bus as unknown as BusClient).pageWithSharedBy(page, context);

      expect(reply.json).toBe(`{"success":true,"data":${items},"pagination":${JSON.stringify(pagination)}}`);
      expect(reply.toJSON()).toEqual({ success: true, data: [mine, mine], pagination });
      expect(bus.request).not.toHaveBeenCalled();
    });

    it('names who shared each memory of someone else, with one look-up', async () => {
      const other = { id: 'other', name: 'Olga', email: 'olga@example.com' };
      const bus = busAnswering({ [USER_LOOKUP_SUBJECT]: { users: [other] } });
      const page = JSON.stringify({ allByCaller: false, items: [mine, theirs], pagination });

      const reply = await new UserDirectory(bus as unknown as BusClient).pageWithSharedBy(page, context);

      // The mark is between the services: the answer has the API's shape only.
      expect(reply.toJSON()).toEqual({ success: true, data: [mine, { ...theirs, sharedBy: other }], pagination });
      expect(bus.request).toHaveBeenCalledTimes(1);
    });

    it('reads a page without the mark (shared with the caller) and adds nothing to memories of nobody else', async () => {
      const bus = busAnswering({});
      const page = JSON.stringify({ items: [mine], pagination });

      const reply = await new UserDirectory(bus as unknown as BusClient).pageWithSharedBy(page, context);

      expect(reply.toJSON()).toEqual({ success: true, data: [mine], pagination });
      expect(bus.request).not.toHaveBeenCalled();
    });
  });
});
