import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PROMPT_SUBJECTS,
  REMINDER_SUBJECTS,
  TEMPLATE_SUBJECTS,
  type MemoryTemplate,
  type Prompt,
  type ReminderContext,
} from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import {
  CreatePromptEnvelopeDto,
  PromptIdEnvelopeDto,
  PromptOwnerEnvelopeDto,
  RandomPromptEnvelopeDto,
  ReminderContextEnvelopeDto,
  SaveTemplateEnvelopeDto,
  TodayPromptEnvelopeDto,
} from './prompts-envelope.dto';
import { PromptsService } from './prompts.service';

/** Prompts, the personal template and a reminder's day on the bus: one line each. */
@BusHandler()
export class PromptsHandler {
  constructor(private readonly prompts: PromptsService) {}

  @MessagePattern(PROMPT_SUBJECTS.list)
  list(@Payload() { payload: _none, ...context }: PromptOwnerEnvelopeDto): Promise<Prompt[]> {
    return this.prompts.list(context);
  }

  @MessagePattern(PROMPT_SUBJECTS.random)
  random(@Payload() { payload, ...context }: RandomPromptEnvelopeDto): Promise<Prompt> {
    return this.prompts.random(context, payload);
  }

  @MessagePattern(PROMPT_SUBJECTS.today)
  today(@Payload() { payload, ...context }: TodayPromptEnvelopeDto): Promise<Prompt> {
    return this.prompts.today(context, payload.date);
  }

  @MessagePattern(PROMPT_SUBJECTS.create)
  create(@Payload() { payload, ...context }: CreatePromptEnvelopeDto): Promise<Prompt> {
    return this.prompts.create(context, payload);
  }

  @MessagePattern(PROMPT_SUBJECTS.delete)
  delete(@Payload() { payload, ...context }: PromptIdEnvelopeDto): Promise<{ deleted: true }> {
    return this.prompts.delete(context, payload.id);
  }

  @MessagePattern(TEMPLATE_SUBJECTS.getPersonal)
  personalTemplate(@Payload() { payload: _none, ...context }: PromptOwnerEnvelopeDto): Promise<MemoryTemplate> {
    return this.prompts.personalTemplate(context);
  }

  @MessagePattern(TEMPLATE_SUBJECTS.savePersonal)
  savePersonalTemplate(@Payload() { payload, ...context }: SaveTemplateEnvelopeDto): Promise<MemoryTemplate> {
    return this.prompts.savePersonalTemplate(context, payload);
  }

  @MessagePattern(REMINDER_SUBJECTS.context)
  reminderContext(@Payload() { payload, ...context }: ReminderContextEnvelopeDto): Promise<ReminderContext> {
    return this.prompts.reminderContext(context, payload);
  }
}
