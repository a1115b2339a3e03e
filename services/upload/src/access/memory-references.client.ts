import { Injectable } from '@nestjs/common';
import { MEMORY_SUBJECTS, SHARE_SUBJECTS, type MessageContext } from '@memories/contracts';
import { BusClient } from '@memories/nest-common';
import { fileUrlOf } from '../files/file-key';

/** The memory service's answers about files: the upload service never reads the memory tables itself. */
@Injectable()
export class MemoryReferencesClient {
  constructor(private readonly bus: BusClient) {}

  /** The keys among `keys` that a memory of their owner uses. */
  async referencedKeys(context: MessageContext, ownerId: string, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const { referenced } = await this.bus.request(
      MEMORY_SUBJECTS.imagesReferenced,
      { ownerId, fileUrls: keys.map(fileUrlOf) },
      context,
    );
    const used = new Set(referenced);
    return new Set(keys.filter((key) => used.has(fileUrlOf(key))));
  }

  /** Whether the context's user owns or was shared a memory of `ownerId` that uses the file. */
  async canRead(context: MessageContext & { userId: string }, ownerId: string, key: string): Promise<boolean> {
    const { readable } = await this.bus.request(
      MEMORY_SUBJECTS.imageReadable,
      { ownerId, fileUrl: fileUrlOf(key) },
      context,
    );
    return readable;
  }

  /** Whether `otherUserId` shares a memory with the context's user (which shows the reader their picture). */
  async connected(context: MessageContext & { userId: string }, otherUserId: string): Promise<boolean> {
    const { connected } = await this.bus.request(SHARE_SUBJECTS.connected, { otherUserId }, context);
    return connected;
  }
}
