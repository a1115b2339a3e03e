import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  MEMORY_ERROR_CODES,
  PROMPT_ERROR_CODES,
  PROMPT_MESSAGES,
  PROMPT_SUBJECTS,
  TEMPLATE_MESSAGES,
  TEMPLATE_SUBJECTS,
  type ApiSuccess,
  type MemoryTemplate,
  type CallerContext,
  type Prompt,
} from '@memories/contracts';
import {
  CreatePromptBodyDto,
  PromptIdParams,
  RandomPromptQueryDto,
  SaveTemplateBodyDto,
  TodayPromptQueryDto,
} from '@memories/memory-dto';
import { BusClient } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { Caller } from '../http/caller.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { MemoryTemplateDto, PromptDto } from './prompts-response.dto';

/** Writing prompts and the personal template, served by the memory service. */
@ApiTags('prompts')
@Controller()
export class PromptsController {
  constructor(private readonly bus: BusClient) {}

  @Get('prompts')
  @ApiRoute({ summary: 'Every prompt the caller can use: their own first, then the built-in ones', data: [PromptDto] })
  async list(@Caller() caller: CallerContext): Promise<ApiSuccess<Prompt[]>> {
    return ok(await this.bus.request(PROMPT_SUBJECTS.list, {}, caller));
  }

  @Get('prompts/random')
  @ApiRoute({ summary: 'A prompt picked at random, of one category if given', data: PromptDto })
  async random(@Query() query: RandomPromptQueryDto, @Caller() caller: CallerContext): Promise<ApiSuccess<Prompt>> {
    return ok(await this.bus.request(PROMPT_SUBJECTS.random, query, caller));
  }

  @Get('prompts/today')
  @ApiRoute({
    summary: 'Today’s prompt: the same all day (and the one the day’s reminder carries), another tomorrow',
    data: PromptDto,
  })
  async today(@Query() query: TodayPromptQueryDto, @Caller() caller: CallerContext): Promise<ApiSuccess<Prompt>> {
    return ok(await this.bus.request(PROMPT_SUBJECTS.today, query, caller));
  }

  @Post('prompts')
  @ApiRoute({
    summary: 'Add a prompt of one’s own, with a category or none',
    data: PromptDto,
    errors: [PROMPT_ERROR_CODES.PROMPT_LIMIT_CONFLICT],
  })
  async create(@Body() body: CreatePromptBodyDto, @Caller() caller: CallerContext): Promise<ApiSuccess<Prompt>> {
    return ok(await this.bus.request(PROMPT_SUBJECTS.create, body, caller), { message: PROMPT_MESSAGES.created });
  }

  @Delete('prompts/:id')
  @ApiRoute({
    summary: 'Delete a prompt of one’s own (a built-in prompt is 403, another person’s 404)',
    data: null,
    errors: [PROMPT_ERROR_CODES.PROMPT_NOT_FOUND, PROMPT_ERROR_CODES.PROMPT_BUILT_IN_FORBIDDEN],
  })
  async delete(@Param() { id }: PromptIdParams, @Caller() caller: CallerContext): Promise<ApiSuccess<null>> {
    await this.bus.request(PROMPT_SUBJECTS.delete, { id }, caller);
    return ok(null, { message: PROMPT_MESSAGES.deleted });
  }

  @Get('templates/personal')
  @ApiRoute({
    summary: 'The caller’s personal template: the editor document a new memory starts with',
    data: MemoryTemplateDto,
  })
  async personalTemplate(@Caller() caller: CallerContext): Promise<ApiSuccess<MemoryTemplate>> {
    return ok(await this.bus.request(TEMPLATE_SUBJECTS.getPersonal, {}, caller));
  }

  @Put('templates/personal')
  @ApiRoute({
    summary: 'Save the personal template (an empty document removes it)',
    description: 'Validated and sanitised like a memory’s content; a template cannot hold images.',
    data: MemoryTemplateDto,
    errors: [MEMORY_ERROR_CODES.MEMORY_CONTENT_INVALID],
  })
  async savePersonalTemplate(
    @Body() body: SaveTemplateBodyDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<MemoryTemplate>> {
    const template = await this.bus.request(TEMPLATE_SUBJECTS.savePersonal, body, caller);
    return ok(template, { message: template.updatedAt ? TEMPLATE_MESSAGES.saved : TEMPLATE_MESSAGES.removed });
  }
}
