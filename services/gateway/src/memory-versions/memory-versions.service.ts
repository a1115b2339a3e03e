import { Injectable } from '@nestjs/common';
import {
  MEMORY_VERSION_MESSAGES,
  MEMORY_VERSION_SUBJECTS,
  type ApiSuccess,
  type MemoryVersion,
  type MemoryVersionSummary,
  type MessageContext,
  type PageRequest,
  type RestoredMemoryVersion,
} from '@memories/contracts';
import { BusClient } from '@memories/nest-common';
import { ok } from '../http/api-response.util';

/** A memory's version history over the bus; the memory service decides who may see it (the owner only). */
@Injectable()
export class MemoryVersionsService {
  constructor(private readonly bus: BusClient) {}

  async list(context: MessageContext, id: string, paging: PageRequest): Promise<ApiSuccess<MemoryVersionSummary[]>> {
    const { items, pagination } = await this.bus.request(
      MEMORY_VERSION_SUBJECTS.list,
      { id, paging: { ...paging } },
      context,
    );
    return ok(items, { pagination });
  }

  async get(context: MessageContext, id: string, versionId: string): Promise<ApiSuccess<MemoryVersion>> {
    return ok(await this.bus.request(MEMORY_VERSION_SUBJECTS.get, { id, versionId }, context));
  }

  async restore(context: MessageContext, id: string, versionId: string): Promise<ApiSuccess<RestoredMemoryVersion>> {
    const restored = await this.bus.request(MEMORY_VERSION_SUBJECTS.restore, { id, versionId }, context);
    return ok(restored, { message: MEMORY_VERSION_MESSAGES.restored });
  }
}
