import { Injectable } from '@nestjs/common';
import { USER_SUBJECTS, type MessageContext } from '@memories/contracts';
import { BusClient } from '@memories/nest-common';
import { fileUrlOf } from '../files/file-key';

/** The auth service's answer about profile pictures: the upload service never reads the users table itself. */
@Injectable()
export class ProfileImagesClient {
  constructor(private readonly bus: BusClient) {}

  /** The keys among `keys` that are their owner's current profile picture. */
  async referencedKeys(context: MessageContext, ownerId: string, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const { referenced } = await this.bus.request(
      USER_SUBJECTS.profileImagesReferenced,
      { ownerId, fileUrls: keys.map(fileUrlOf) },
      context,
    );
    const used = new Set(referenced);
    return new Set(keys.filter((key) => used.has(fileUrlOf(key))));
  }
}
