import type { SubjectPattern } from '../bus/subjects';

/**
 * A template: an editor document that fills a new memory. Until journals exist a person has one, their personal
 * template; a journal's template will take its place for memories of that journal (same document, same rules).
 */
export interface MemoryTemplate {
  /** The editor document (Tiptap JSON, as a string), or empty when there is no template. */
  contentJson: string;
  /** When it was last saved (ISO); null while there is none. */
  updatedAt: string | null;
}

export interface SaveTemplatePayload {
  /** An editor document (JSON, or its text); an empty document removes the template. */
  contentJson: string | Record<string, unknown>;
}

export const TEMPLATE_SUBJECTS = {
  getPersonal: 'memory.templates.get-personal',
  savePersonal: 'memory.templates.save-personal',
} as const satisfies Record<string, SubjectPattern>;

export interface TemplateBusRequestMap {
  [TEMPLATE_SUBJECTS.getPersonal]: { payload: Record<string, never>; result: MemoryTemplate };
  [TEMPLATE_SUBJECTS.savePersonal]: { payload: SaveTemplatePayload; result: MemoryTemplate };
}

export const TEMPLATE_MESSAGES = {
  saved: 'Template saved. New memories start with it.',
  removed: 'Template removed. New memories start empty.',
  noImages: 'A template cannot hold images: add them to each memory instead.',
} as const;
