import { Injectable } from '@nestjs/common';
import type {
  ProfileImagesReferencedPayload,
  ProfileImagesReferencedResult,
  UserEmailLookupPayload,
  UserEmailLookupResult,
} from '@memories/contracts';
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
}
