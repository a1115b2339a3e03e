import { ApiProperty } from '@nestjs/swagger';
import { PROMPT_CATEGORIES, type MemoryTemplate, type Prompt, type PromptCategory } from '@memories/contracts';

// The `data` of the prompts and template answers, for the API document.

export class PromptDto implements Prompt {
  @ApiProperty({ example: 'builtin-gratitude-1', description: '`builtin-…` for built-in prompts, a UUID for yours' })
  id!: string;
  @ApiProperty({ example: 'What is one small thing that went right today?' }) text!: string;
  @ApiProperty({ enum: [...PROMPT_CATEGORIES, null], nullable: true, type: String }) category!: PromptCategory | null;
  @ApiProperty() builtIn!: boolean;
}

export class MemoryTemplateDto implements MemoryTemplate {
  @ApiProperty({ description: 'The editor document as JSON text; empty when there is no template' })
  contentJson!: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) updatedAt!: string | null;
}
