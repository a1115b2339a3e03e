import { Injectable } from '@nestjs/common';
import { MEMORY_ERROR_CODES, SUBJECTS, USER_LOOKUP_SUBJECT, type MessageContext, type UserSummary } from '@memories/contracts';
import { BusClient, DomainError } from '@memories/nest-common';

/** The auth service's users as the memory endpoints need them: the caller's e-mail, and whether ids exist. */
@Injectable()
export class UserDirectory {
  constructor(private readonly bus: BusClient) {}

  /** The caller's own e-mail: the auth service's profile of the envelope's user. */
  async callerEmail(context: MessageContext): Promise<string> {
    return (await this.bus.request(SUBJECTS.auth.getProfile, {}, context)).email;
  }

  /** Fails with a 400 naming the ids no user has. */
  async requireExisting(userIds: string[], context: MessageContext): Promise<void> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    const found = new Set((await this.lookup(unique, context)).map((user) => user.id));
    const unknown = unique.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw new DomainError(
        MEMORY_ERROR_CODES.MEMORY_SHARE_USERS_INVALID,
        `Cannot share with unknown user${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
        { unknownUserIds: unknown },
      );
    }
  }

  private async lookup(ids: string[], context: MessageContext): Promise<UserSummary[]> {
    return (await this.bus.request(USER_LOOKUP_SUBJECT, { ids }, context)).users;
  }
}
