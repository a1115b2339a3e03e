/** Static texts of the landing page (spec sections 1, 2 and 9), kept apart from the layout. */
export const PRIVACY_STATEMENT =
  'Your memories are private and accessible only to you, plus any users you choose to share them with.';

export const CURRENT_FEATURES: readonly { title: string; text: string }[] = [
  {
    title: 'Rich journaling',
    text: 'Write with headings, lists, tables, colours, fonts and images placed where you want them.',
  },
  { title: 'Tags and search', text: 'Tag each memory and find it again by title, content or tag.' },
  { title: 'Drafts and publishing', text: 'Keep a memory as a draft until it is ready, then publish it.' },
  { title: 'Sharing', text: 'Share a memory with the people you choose; everyone else never sees it.' },
];

export const PLANNED_FEATURES: readonly string[] = [
  'Shared albums',
  'Smart reminders',
  'An AI assistant',
  'Native mobile apps',
  'Advanced search',
  'A timeline',
];

export const CONTACT_DETAILS: readonly { label: string; value: string }[] = [
  { label: 'Support e-mail', value: 'support@memories.example' },
  { label: 'Phone', value: '+1 (555) 010-2024' },
  { label: 'Office', value: '100 Journal Street, New York, NY 10001' },
  { label: 'Business hours', value: 'Mon-Fri 9:00 AM to 6:00 PM EST, Sat 10:00 AM to 4:00 PM EST, Sun closed' },
];
