import { Injectable, Logger } from '@nestjs/common';
import {
  SUBJECTS,
  UPLOAD_SUBJECTS,
  type AuthUser,
  type MessageContext,
  type ProfileUpdatePayload,
} from '@memories/contracts';
import { BusClient, lineOf } from '@memories/nest-common';

/**
 * PUT /auth/profile and PUT /users/{me}: the auth service changes the profile; a profile picture that was replaced
 * or removed is then handed to the upload service's clean-up, which deletes it unless a memory of the user uses it.
 */
@Injectable()
export class ProfileUpdater {
  private readonly logger = new Logger(ProfileUpdater.name);

  constructor(private readonly bus: BusClient) {}

  async update(context: MessageContext, changes: ProfileUpdatePayload): Promise<AuthUser> {
    const previous =
      changes.profileImageUrl === undefined
        ? null
        : (await this.bus.request(SUBJECTS.auth.getProfile, {}, context)).profileImageUrl;
    const updated = await this.bus.request(SUBJECTS.auth.updateProfile, changes, context);
    if (previous && previous !== updated.profileImageUrl) {
      // The change is made and answered either way; a picture left behind is only storage, and is logged.
      await this.bus.request(UPLOAD_SUBJECTS.cleanup, { imageUrls: [previous] }, context).catch((error: unknown) => {
        this.logger.warn(lineOf(context, `replaced profile picture not cleaned up: ${String(error)}`));
      });
    }
    return updated;
  }
}
