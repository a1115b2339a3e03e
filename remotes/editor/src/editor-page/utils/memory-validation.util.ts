import { MEMORY_VALIDATION_MESSAGES } from '@memories/contracts';

export interface MemoryFormValues {
  title: string;
  /** The editor's plain text. */
  text: string;
  /** yyyy-MM-dd, or empty. */
  date: string;
}

export type MemoryFormErrors = Partial<Record<keyof MemoryFormValues, string>>;

/** Checks a Save Draft or Publish; an empty result means the memory may be saved. */
export function validateMemoryForm({ title, text, date }: MemoryFormValues): MemoryFormErrors {
  const errors: MemoryFormErrors = {};
  if (!title.trim()) errors.title = MEMORY_VALIDATION_MESSAGES.title;
  if (!text.trim()) errors.text = MEMORY_VALIDATION_MESSAGES.content;
  if (!date) errors.date = MEMORY_VALIDATION_MESSAGES.date;
  return errors;
}

/** Auto-save skips silently while either is empty (spec section 5). */
export const canAutoSave = ({ title, text }: Pick<MemoryFormValues, 'title' | 'text'>): boolean =>
  title.trim() !== '' && text.trim() !== '';
