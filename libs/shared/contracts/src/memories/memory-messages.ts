/**
 * The success messages of the memory endpoints (spec section 8, "Success defaults"). The server sends them; the
 * web client shows the server's message, so the texts live here once.
 */
export const MEMORY_MESSAGES = {
  created: 'Memory created successfully',
  updated: 'Memory updated successfully',
  deleted: 'Memory deleted successfully',
  published: 'Memory published successfully',
  shared: 'Memory shared successfully',
  unshared: 'Sharing stopped successfully',
} as const;

/**
 * The save rules of spec section 5 ("Memory save"): the editor shows them under its fields, and the gateway answers
 * with the same words when a client skips the editor's checks.
 */
export const MEMORY_VALIDATION_MESSAGES = {
  title: 'Title is required',
  content: 'Content is required',
  date: 'Date is required',
} as const;

/** The time of day a bare date is stored with (spec section 9); the editor's preview shows it too. */
export const DEFAULT_TIME_OF_DAY = '12:00:00';

/** The one question before a memory is deleted (spec section 2 on the dashboard, section 4 on the view screen). */
const deleteQuestion = (title: string) => `Are you sure you want to delete "${title}"?`;
export const MEMORY_DELETE_CONFIRMATION = {
  title: 'Delete memory',
  confirmLabel: 'Delete',
  question: deleteQuestion,
  /** The view screen's longer form (spec section 4). */
  finalQuestion: (title: string) => `${deleteQuestion(title)} This action cannot be undone.`,
} as const;
