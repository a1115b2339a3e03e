import { createHash, randomInt, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  BUILT_IN_PROMPT_PREFIX,
  ERROR_CODES,
  MAX_PROMPTS_PER_USER,
  MEMORY_ERROR_CODES,
  PROMPT_ERROR_CODES,
  PROMPT_MESSAGES,
  TEMPLATE_MESSAGES,
  type CreatePromptPayload,
  type MemoryTemplate,
  type MessageContext,
  type Prompt,
  type RandomPromptQuery,
  type ReminderContext,
  type ReminderContextQuery,
  type SaveTemplatePayload,
} from '@memories/contracts';
import { DocumentValidationError, deriveMemoryContent } from '@memories/editor-schema/server';
import { DomainError } from '@memories/nest-common';
import { MemoryConfig } from '../config/memory.config';
import { BUILT_IN_PROMPTS } from './built-in-prompts';
import { PromptsRepository, type PromptRecord } from './prompts.repository';

function requireOwner(context: MessageContext): string {
  if (!context.userId) throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Authentication required');
  return context.userId;
}

const ownPrompt = (record: PromptRecord): Prompt => ({ ...record, builtIn: false });

/**
 * Writing prompts (the built-in library and the person's own), the prompt of the day, the personal template, and what
 * a reminder needs to know of the person's day.
 */
@Injectable()
export class PromptsService {
  constructor(
    private readonly config: MemoryConfig,
    private readonly prompts: PromptsRepository,
  ) {}

  /** The person's own prompts first (newest last), then the built-in ones. */
  async list(context: MessageContext): Promise<Prompt[]> {
    return [...(await this.prompts.listOwned(requireOwner(context))).map(ownPrompt), ...BUILT_IN_PROMPTS];
  }

  async random(context: MessageContext, query: RandomPromptQuery): Promise<Prompt> {
    const pool = (await this.list(context)).filter((prompt) => !query.category || prompt.category === query.category);
    return pool[randomInt(pool.length)];
  }

  /**
   * The same prompt all day for the person (the dashboard's and the reminder's), a different one each day: the day
   * and the person pick it from their prompts and the built-in ones.
   */
  async today(context: MessageContext, date: string): Promise<Prompt> {
    const userId = requireOwner(context);
    const pool = await this.list(context);
    const digest = createHash('sha256').update(`${userId}/${date}`).digest();
    return pool[digest.readUInt32BE(0) % pool.length];
  }

  async create(context: MessageContext, payload: CreatePromptPayload): Promise<Prompt> {
    const record = await this.prompts.create(
      requireOwner(context),
      { id: randomUUID(), text: payload.text.trim(), category: payload.category ?? null },
      MAX_PROMPTS_PER_USER,
    );
    if (!record) throw new DomainError(PROMPT_ERROR_CODES.PROMPT_LIMIT_CONFLICT, PROMPT_MESSAGES.limitReached);
    return ownPrompt(record);
  }

  async delete(context: MessageContext, id: string): Promise<{ deleted: true }> {
    const userId = requireOwner(context);
    if (id.startsWith(BUILT_IN_PROMPT_PREFIX)) {
      throw new DomainError(PROMPT_ERROR_CODES.PROMPT_BUILT_IN_FORBIDDEN, PROMPT_MESSAGES.builtIn, { id });
    }
    if (!(await this.prompts.delete(userId, id))) {
      throw new DomainError(PROMPT_ERROR_CODES.PROMPT_NOT_FOUND, PROMPT_MESSAGES.notFound, { id });
    }
    return { deleted: true };
  }

  async personalTemplate(context: MessageContext): Promise<MemoryTemplate> {
    const record = await this.prompts.personalTemplate(requireOwner(context));
    return record
      ? { contentJson: record.contentJson, updatedAt: new Date(record.updatedAt).toISOString() }
      : { contentJson: '', updatedAt: null };
  }

  /**
   * Keeps the document as a memory's content is kept (validated and sanitised against the editor schema); an empty
   * document removes the template. Images are refused: a template is copied into every new memory, and a file kept
   * only by a template would be swept as unused.
   */
  async savePersonalTemplate(context: MessageContext, payload: SaveTemplatePayload): Promise<MemoryTemplate> {
    const userId = requireOwner(context);
    let content;
    try {
      content = deriveMemoryContent(payload.contentJson, { fileUrlPrefix: this.config.FILE_URL_PREFIX || undefined });
    } catch (error) {
      if (!(error instanceof DocumentValidationError)) throw error;
      throw new DomainError(MEMORY_ERROR_CODES.MEMORY_CONTENT_INVALID, `Invalid content: ${error.message}`, {
        reason: error.reason,
      });
    }
    if (content.imageSources.length > 0) {
      throw new DomainError(MEMORY_ERROR_CODES.MEMORY_CONTENT_INVALID, TEMPLATE_MESSAGES.noImages);
    }
    if (content.plainText.trim() === '') {
      await this.prompts.removePersonalTemplate(userId);
      return { contentJson: '', updatedAt: null };
    }
    const record = await this.prompts.savePersonalTemplate(randomUUID(), userId, JSON.stringify(content.contentJson));
    return { contentJson: record.contentJson, updatedAt: new Date(record.updatedAt).toISOString() };
  }

  async reminderContext(context: MessageContext, query: ReminderContextQuery): Promise<ReminderContext> {
    const userId = requireOwner(context);
    const [wroteToday, onThisDay, prompt] = await Promise.all([
      this.prompts.wroteOn(userId, query.date, new Date(query.dayStart), new Date(query.dayEnd)),
      this.prompts.countOnThisDay(userId, query.date),
      this.today(context, query.date),
    ]);
    return { wroteToday, onThisDay, prompt: { id: prompt.id, text: prompt.text } };
  }
}
