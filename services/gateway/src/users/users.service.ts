import { Injectable } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  SHARE_SUBJECTS,
  USER_ERROR_CODES,
  USER_LOOKUP_SUBJECT,
  USER_MESSAGES,
  USER_SUBJECTS,
  type ApiSuccess,
  type AuthUser,
  type MessageContext,
  type ProfileUpdatePayload,
  type UserSummary,
} from '@memories/contracts';
import { BusClient, DomainError } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { ProfileUpdater } from './profile-updater';

type Caller = MessageContext & { userId: string };

function userNotFound(id: string): DomainError {
  return new DomainError(USER_ERROR_CODES.USER_NOT_FOUND, USER_MESSAGES.notFound, { id });
}

/**
 * The spec's users endpoints as a private journal needs them: no directory. Finding someone is the exact e-mail
 * look-up; a user is visible (id, name, e-mail, picture) to themselves and to the people they share with or who share
 * with them, as far as the share dialog and "Shared by" need; only you change or delete your own account. Anyone
 * else is USER_NOT_FOUND, whether or not the account exists.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly bus: BusClient,
    private readonly profiles: ProfileUpdater,
  ) {}

  async findByEmail(context: Caller, email: string): Promise<ApiSuccess<UserSummary[]>> {
    return ok((await this.bus.request(USER_SUBJECTS.findByEmail, { email }, context)).users);
  }

  async get(context: Caller, id: string): Promise<ApiSuccess<UserSummary>> {
    const visible =
      id === context.userId ||
      (await this.bus.request(SHARE_SUBJECTS.connected, { otherUserId: id }, context)).connected;
    const [user] = visible ? (await this.bus.request(USER_LOOKUP_SUBJECT, { ids: [id] }, context)).users : [];
    if (!user) throw userNotFound(id);
    return ok(user);
  }

  async update(context: Caller, id: string, changes: ProfileUpdatePayload): Promise<ApiSuccess<AuthUser>> {
    if (id !== context.userId) throw userNotFound(id);
    return ok(await this.profiles.update(context, changes), { message: AUTH_MESSAGES.profileUpdated });
  }

  async delete(context: Caller, id: string, password: string): Promise<ApiSuccess<null>> {
    if (id !== context.userId) throw userNotFound(id);
    await this.bus.request(USER_SUBJECTS.delete, { password }, context);
    return ok(null, { message: USER_MESSAGES.accountDeleted });
  }
}
