import { expect, type APIRequestContext } from '@playwright/test';
import { authorised, type TestUser } from './accounts';

export interface SeedMemory {
  title: string;
  /** yyyy-MM-dd */
  date: string;
  /** One paragraph of plain text, unless `contentJson` is given. */
  text?: string;
  contentJson?: unknown;
  tags?: string[];
  isDraft?: boolean;
  thumbnailUrl?: string;
}

const paragraph = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/** Creates a memory through the API and answers its id. */
export async function createMemory(request: APIRequestContext, owner: TestUser, memory: SeedMemory): Promise<string> {
  const response = await request.post('/api/memories/memory', {
    headers: authorised(owner),
    data: {
      title: memory.title,
      date: memory.date,
      contentJson: JSON.stringify(memory.contentJson ?? paragraph(memory.text ?? memory.title)),
      tags: memory.tags ?? [],
      isDraft: memory.isDraft ?? false,
      thumbnailUrl: memory.thumbnailUrl ?? '',
      sharedWith: [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data.id as string;
}

export async function shareMemory(request: APIRequestContext, owner: TestUser, memoryId: string, recipient: TestUser): Promise<void> {
  const response = await request.post(`/api/memories/memory/${memoryId}/share`, { headers: authorised(owner), data: { userIds: [recipient.id] } });
  expect(response.ok(), await response.text()).toBe(true);
}
