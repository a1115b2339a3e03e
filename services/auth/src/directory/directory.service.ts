import { Injectable } from '@nestjs/common';
import {
  USER_ERROR_CODES,
  USER_MESSAGES,
  type ProfileImagesReferencedPayload,
  type ProfileImagesReferencedResult,
  type UserEmailLookupPayload,
  type UserEmailLookupResult,
  type UserMailAddress,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { toUserSummary } from '../users/user.mapper';
import { UserRepository } from '../users/user.repository';

/**
 * Users as others may know them. The e-mail look-up answers the one exact match or nothing (never a list, never a
 * prefix), so sharing reveals no more than whether the address the owner typed has an account.
 */
@Injectable()
export class DirectoryService {
  constructor(private readonly users: UserRepository) {}

  async findByEmail(payload: UserEmailLookupPayload): Promise<UserEmailLookupResult> {
    const email = payload.email.trim();
    const user = email ? await this.users.findByEmail(email) : null;
    return { users: user ? [toUserSummary(user)] : [] };
  }

  /** The owner's current profile picture, if it is among the URLs. */
  async profileImagesReferenced(payload: ProfileImagesReferencedPayload): Promise<ProfileImagesReferencedResult> {
    const current = (await this.users.findById(payload.ownerId))?.profileImageUrl;
    return { referenced: current && payload.fileUrls.includes(current) ? [current] : [] };
  }

  /** A person's own address, for mail they asked for (reminders); a deleted account has none. */
  async mailAddressOf(userId: string): Promise<UserMailAddress> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(USER_ERROR_CODES.USER_NOT_FOUND, USER_MESSAGES.notFound);
    return { email: user.email, name: user.name };
  }
}
