/**
 * The memory API fallbacks of spec section 8: shown when a memory call fails and the server gives no message.
 * Each text lives here once.
 */
export const MEMORY_FALLBACK_MESSAGES = {
  create: 'Failed to create memory',
  update: 'Failed to update memory',
  listMine: 'Failed to fetch memories',
  listShared: 'Failed to fetch shared memories',
  get: 'Failed to fetch memory',
  delete: 'Failed to delete memory',
  publish: 'Failed to publish memory',
  search: 'Search failed',
  tags: 'Failed to fetch tags',
  share: 'Failed to share memory',
  recipients: 'Failed to fetch who this memory is shared with',
  unshare: 'Failed to stop sharing memory',
  uploadUrl: 'Failed to get upload URL',
  uploadImage: 'Failed to upload image',
  storageUsage: 'Could not load how much storage you use',
} as const;
