import type { SubjectPattern } from '../bus/subjects';

/** The categories of writing prompts, built-in and the person's own. */
export const PROMPT_CATEGORIES = [
  'gratitude',
  'reflection',
  'family',
  'friendship',
  'travel',
  'growth',
  'childhood',
  'work',
  'nature',
  'creativity',
  'health',
  'everyday',
] as const;
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number];

/** How each category is named on screen. */
export const PROMPT_CATEGORY_LABELS: Record<PromptCategory, string> = {
  gratitude: 'Gratitude',
  reflection: 'Reflection',
  family: 'Family',
  friendship: 'Friendship',
  travel: 'Travel',
  growth: 'Growth',
  childhood: 'Childhood',
  work: 'Work',
  nature: 'Nature',
  creativity: 'Creativity',
  health: 'Health',
  everyday: 'Everyday',
};

export const MAX_PROMPT_LENGTH = 300;
/** Prompts of their own one person may keep. */
export const MAX_PROMPTS_PER_USER = 500;

export interface Prompt {
  /** `builtin-…` for the prompts Memories ships, a UUID for the person's own. */
  id: string;
  text: string;
  /** Null for a prompt of one's own without a category. */
  category: PromptCategory | null;
  builtIn: boolean;
}

export interface CreatePromptPayload {
  text: string;
  category?: PromptCategory;
}

export interface RandomPromptQuery {
  category?: PromptCategory;
}

export interface TodayPromptQuery {
  /** Today as the caller sees it, `yyyy-MM-dd`. */
  date: string;
}

/** The ids of the built-in prompts (and nothing else) start with this. */
export const BUILT_IN_PROMPT_PREFIX = 'builtin-';

export const PROMPT_SUBJECTS = {
  list: 'memory.prompts.list',
  random: 'memory.prompts.random',
  today: 'memory.prompts.today',
  create: 'memory.prompts.create',
  delete: 'memory.prompts.delete',
} as const satisfies Record<string, SubjectPattern>;

export interface PromptBusRequestMap {
  [PROMPT_SUBJECTS.list]: { payload: Record<string, never>; result: Prompt[] };
  [PROMPT_SUBJECTS.random]: { payload: RandomPromptQuery; result: Prompt };
  [PROMPT_SUBJECTS.today]: { payload: TodayPromptQuery; result: Prompt };
  [PROMPT_SUBJECTS.create]: { payload: CreatePromptPayload; result: Prompt };
  [PROMPT_SUBJECTS.delete]: { payload: { id: string }; result: { deleted: true } };
}

export const PROMPT_ERROR_CODES = {
  PROMPT_NOT_FOUND: 'PROMPT_NOT_FOUND',
  /** 403: a built-in prompt cannot be deleted. */
  PROMPT_BUILT_IN_FORBIDDEN: 'PROMPT_BUILT_IN_FORBIDDEN',
  PROMPT_LIMIT_CONFLICT: 'PROMPT_LIMIT_CONFLICT',
} as const;

export const PROMPT_MESSAGES = {
  created: 'Prompt added.',
  deleted: 'Prompt deleted.',
  notFound: 'Prompt not found',
  builtIn: 'Built-in prompts cannot be deleted.',
  limitReached: 'You have reached the limit of prompts. Delete one first.',
  textInvalid: `Write the prompt in 1 to ${MAX_PROMPT_LENGTH} characters.`,
  categoryInvalid: `Choose a category among ${PROMPT_CATEGORIES.join(', ')}.`,
} as const;

/** The editor's query parameter that starts a new memory with a writing prompt as its heading. */
export const PROMPT_QUERY_PARAM = 'prompt';

/** The editor's address for a new memory that starts with this prompt as its heading (a reminder, the dashboard). */
export function newMemoryWithPromptPath(prompt: string): string {
  return `/memory/create?${new URLSearchParams({ [PROMPT_QUERY_PARAM]: prompt }).toString()}`;
}
