import { Injectable } from '@nestjs/common';
import {
  MEMORY_MESSAGES,
  MEMORY_SUBJECTS,
  type ApiSuccess,
  type Memory,
  type MemoryInput,
  type MemoryListQuery,
  type CallerContext,
  type MemorySearchAnswer,
  type MemorySearchQuery,
  type MessageContext,
  type PageRequest,
} from '@memories/contracts';
import { BusClient, type BusRequestOptions } from '@memories/nest-common';
import { ok, pageJson } from '../http/api-response.util';
import type { JsonReply } from '../http/json-reply';
import type { MemoryBodyDto } from '@memories/memory-dto';
import { UserDirectory } from './user-directory';

/**
 * How long a create or update may take: deriving the stored content of a document near the 2 MiB cap takes 3-7 s
 * on a busy machine, longer than the default bus timeout (5 s), and the web client waits 10 s; answering just before
 * the client gives up lets it show our answer rather than its own timeout.
 */
export const MEMORY_SAVE_TIMEOUT_MS = 9000;

/**
 * The memory as the service needs it: the client's HTML is never used (it is derived from contentJson), so it does not
 * travel.
 */
function withoutHtml({ contentHtml: _ignored, ...memory }: MemoryBodyDto): MemoryInput {
  return memory;
}

/**
 * The memory endpoints over the bus. The gateway adds what only the auth service knows (the owner's e-mail, that
 * share recipients exist) before the memory service sees a request, so services never call each other.
 */
@Injectable()
export class MemoriesService {
  private readonly saveTimeout: BusRequestOptions;

  constructor(
    private readonly bus: BusClient,
    private readonly users: UserDirectory,
  ) {
    // A deployment whose BUS_TIMEOUT_MS is longer still keeps it for saves too.
    this.saveTimeout = { timeoutMs: Math.max(MEMORY_SAVE_TIMEOUT_MS, bus.timeoutMs) };
  }

  async create(context: MessageContext, body: MemoryBodyDto, idempotencyKey?: string): Promise<ApiSuccess<Memory>> {
    const [ownerEmail] = await Promise.all([
      this.users.callerEmail(context),
      this.users.requireRecipients(body.sharedWith ?? [], context),
    ]);
    const payload = { memory: body, ownerEmail, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) };
    const memory = await this.bus.request(MEMORY_SUBJECTS.create, payload, context, this.saveTimeout);
    return ok(memory, { message: MEMORY_MESSAGES.created });
  }

  async update(
    context: MessageContext,
    id: string,
    body: MemoryBodyDto,
    autoSave?: boolean,
  ): Promise<ApiSuccess<Memory>> {
    await this.users.requireRecipients(body.sharedWith ?? [], context);
    const payload = { id, memory: withoutHtml(body), ...(autoSave === undefined ? {} : { autoSave }) };
    const memory = await this.bus.request(MEMORY_SUBJECTS.update, payload, context, this.saveTimeout);
    return ok(memory, { message: MEMORY_MESSAGES.updated });
  }

  async get(context: MessageContext, id: string): Promise<ApiSuccess<Memory>> {
    const [memory] = await this.users.withSharedBy(
      [await this.bus.request(MEMORY_SUBJECTS.get, { id }, context)],
      context,
    );
    return ok(memory);
  }

  async delete(context: MessageContext, id: string): Promise<ApiSuccess<null>> {
    await this.bus.request(MEMORY_SUBJECTS.delete, { id }, context);
    return ok(null, { message: MEMORY_MESSAGES.deleted });
  }

  async publish(context: MessageContext, id: string): Promise<ApiSuccess<Memory>> {
    return ok(await this.bus.request(MEMORY_SUBJECTS.publish, { id }, context), { message: MEMORY_MESSAGES.published });
  }

  async share(context: MessageContext, id: string, userIds: string[]): Promise<ApiSuccess<Memory>> {
    await this.users.requireRecipients(userIds, context);
    return ok(await this.bus.request(MEMORY_SUBJECTS.share, { id, userIds }, context), {
      message: MEMORY_MESSAGES.shared,
    });
  }

  async list(context: MessageContext, query: MemoryListQuery): Promise<JsonReply<ApiSuccess<Memory[]>>> {
    return pageJson(await this.bus.requestJson(MEMORY_SUBJECTS.list, { ...query }, context));
  }

  async search(context: MessageContext, query: MemorySearchQuery): Promise<JsonReply<MemorySearchAnswer>> {
    return pageJson(await this.bus.requestJson(MEMORY_SUBJECTS.search, { ...query }, context));
  }

  async tags(context: MessageContext): Promise<ApiSuccess<string[]>> {
    return ok((await this.bus.request(MEMORY_SUBJECTS.tags, {}, context)).tags);
  }

  async shared(context: CallerContext, query: PageRequest): Promise<JsonReply<ApiSuccess<Memory[]>>> {
    return this.users.pageWithSharedBy(
      await this.bus.requestJson(MEMORY_SUBJECTS.shared, { ...query }, context),
      context,
    );
  }
}
