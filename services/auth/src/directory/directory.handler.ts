import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ADMIN_SUBJECTS,
  USER_SUBJECTS,
  type ProfileImagesReferencedResult,
  type UserEmailLookupResult,
  type UserLookupResult,
  type UserMailAddress,
} from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import { UserLookupEnvelopeDto } from '../auth/auth-payload.dto';
import {
  ProfileImagesReferencedEnvelopeDto,
  UserEmailLookupEnvelopeDto,
  UserMailAddressEnvelopeDto,
} from './directory-envelope.dto';
import { DirectoryService } from './directory.service';

/**
 * What the auth service tells others about users: the exact e-mail look-up, who may receive shares, which files are
 * profile pictures, and where a person's own mail goes (for the notify service's reminders).
 */
@BusHandler()
export class DirectoryHandler {
  constructor(private readonly directory: DirectoryService) {}

  @MessagePattern(USER_SUBJECTS.findByEmail)
  findByEmail(@Payload() message: UserEmailLookupEnvelopeDto): Promise<UserEmailLookupResult> {
    return this.directory.findByEmail(message.userId, message.payload);
  }

  @MessagePattern(ADMIN_SUBJECTS.shareRecipients)
  shareRecipients(@Payload() message: UserLookupEnvelopeDto): Promise<UserLookupResult> {
    return this.directory.shareRecipients(message.payload);
  }

  @MessagePattern(USER_SUBJECTS.profileImagesReferenced)
  profileImagesReferenced(
    @Payload() message: ProfileImagesReferencedEnvelopeDto,
  ): Promise<ProfileImagesReferencedResult> {
    return this.directory.profileImagesReferenced(message.payload);
  }

  @MessagePattern(USER_SUBJECTS.mailAddress)
  mailAddress(@Payload() message: UserMailAddressEnvelopeDto): Promise<UserMailAddress> {
    return this.directory.mailAddressOf(message.userId);
  }
}
