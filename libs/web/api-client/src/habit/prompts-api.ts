import type {
  CreatePromptPayload,
  MemoryTemplate,
  Prompt,
  PromptCategory,
  SaveTemplatePayload,
} from '@memories/contracts';
import type { ApiClient } from '../api-client';
import type { WithMessage } from '../account-security/account-security-api';

/** Shown when the server gives no message of its own. */
export const PROMPTS_FALLBACK_MESSAGES = {
  prompts: 'Could not load prompts',
  template: 'Could not change your template',
} as const;

/** Writing prompts (built-in and one's own) and the personal template a new memory starts with. */
export interface PromptsApi {
  list(): Promise<Prompt[]>;
  random(category?: PromptCategory): Promise<Prompt>;
  today(date: string): Promise<Prompt>;
  create(payload: CreatePromptPayload): Promise<WithMessage<Prompt>>;
  delete(id: string): Promise<WithMessage<null>>;
  personalTemplate(): Promise<MemoryTemplate>;
  savePersonalTemplate(payload: SaveTemplatePayload): Promise<WithMessage<MemoryTemplate>>;
}

const withMessage = <T>({ data, message }: { data: T; message?: string }): WithMessage<T> => ({ data, message });

export function createPromptsApi(client: ApiClient): PromptsApi {
  const prompts = { fallbackMessage: PROMPTS_FALLBACK_MESSAGES.prompts };
  const template = { fallbackMessage: PROMPTS_FALLBACK_MESSAGES.template };
  return {
    list: async () => (await client.get<Prompt[]>('/prompts', prompts)).data,
    random: async (category) =>
      (
        await client.get<Prompt>(
          `/prompts/random${category ? `?category=${encodeURIComponent(category)}` : ''}`,
          prompts,
        )
      ).data,
    today: async (date) => (await client.get<Prompt>(`/prompts/today?date=${encodeURIComponent(date)}`, prompts)).data,
    create: async (payload) => withMessage(await client.post<Prompt>('/prompts', payload, prompts)),
    delete: async (id) => withMessage(await client.delete<null>(`/prompts/${encodeURIComponent(id)}`, prompts)),
    personalTemplate: async () => (await client.get<MemoryTemplate>('/templates/personal', template)).data,
    savePersonalTemplate: async (payload) =>
      withMessage(await client.request<MemoryTemplate>('PUT', '/templates/personal', { ...template, body: payload })),
  };
}
