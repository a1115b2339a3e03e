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
} as const;
