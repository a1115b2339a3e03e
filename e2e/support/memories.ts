import type { SealedMemory } from '@memories/contracts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { authorised, type TestUser } from './accounts';

export interface SeedMemory {
  title: string;
  /** yyyy-MM-dd */
  date: string;
  /** One paragraph of plain text, unless `contentJson` is given. */
  text?: string;
  contentJson?: unknown;
  /** Sent as a client would; the server ignores it and renders its own HTML from contentJson. */
  contentHtml?: string;
  tags?: string[];
  isDraft?: boolean;
  thumbnailUrl?: string;
  /** 1 to 5; left out, the memory has no mood. */
  mood?: number;
  /** The journal; the owner's default one when left out. */
  journalId?: string;
  /**
   * A locked journal's memory (support/locked-journals.ts): its content as the browser sealed it. The title and
   * content are then sent empty, as the editor sends them.
   */
  sealed?: SealedMemory;
}

const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** Creates a memory through the API and answers its id. */
export async function createMemory(request: APIRequestContext, owner: TestUser, memory: SeedMemory): Promise<string> {
  const response = await request.post('/api/memories/memory', {
    headers: authorised(owner),
    data: {
      title: memory.sealed ? '' : memory.title,
      date: memory.date,
      contentJson: memory.sealed ? '' : JSON.stringify(memory.contentJson ?? paragraph(memory.text ?? memory.title)),
      ...(memory.contentHtml === undefined ? {} : { contentHtml: memory.contentHtml }),
      tags: memory.tags ?? [],
      isDraft: memory.isDraft ?? false,
      thumbnailUrl: memory.thumbnailUrl ?? '',
      sharedWith: [],
      ...(memory.mood === undefined ? {} : { mood: memory.mood }),
      ...(memory.journalId === undefined ? {} : { journalId: memory.journalId }),
      ...(memory.sealed === undefined ? {} : { sealed: memory.sealed }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data.id as string;
}

export async function shareMemory(
  request: APIRequestContext,
  owner: TestUser,
  memoryId: string,
  recipient: TestUser,
): Promise<void> {
  const response = await request.post(`/api/memories/memory/${memoryId}/share`, {
    headers: authorised(owner),
    data: { userIds: [recipient.id] },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A valid 1x1 PNG: the upload service checks the magic bytes of what is PUT. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a file the way the browser does (a grant, then the PUT to the signed URL) and answers its fileUrl. */
export async function uploadFile(
  request: APIRequestContext,
  owner: TestUser,
  grant: { fileName: string; fileType: string; journalId?: string },
  bytes: Buffer,
): Promise<string> {
  const granted = await request.post('/api/upload/presigned-url', { headers: authorised(owner), data: grant });
  expect(granted.ok(), await granted.text()).toBe(true);
  const { uploadUrl, fileUrl } = (await granted.json()).data as { uploadUrl: string; fileUrl: string };
  const stored = await request.put(uploadUrl, { headers: { 'Content-Type': grant.fileType }, data: bytes });
  expect(stored.ok(), await stored.text()).toBe(true);
  return fileUrl;
}

/** Uploads a PNG the way the editor does and answers its fileUrl for content. */
export function uploadPng(
  request: APIRequestContext,
  owner: TestUser,
  fileName: string,
  bytes: Buffer = ONE_PIXEL_PNG,
): Promise<string> {
  return uploadFile(request, owner, { fileName, fileType: 'image/png' }, bytes);
}

/** The passing notice after Save Draft (it hides by itself and never takes the focus from the editor). */
export const draftSavedNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'Memory saved as draft!' });

/** The notice of a save kept in the device's outbox, as there was no connection. */
export const savedOnDeviceNotice = (page: Page) =>
  page.getByRole('status').filter({ hasText: "Saved on this device — will be sent when you're back online" });

/** The top bar's count of saves waiting in the outbox ("1 change waiting to be sent"). */
export const waitingSaves = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('status')
    .filter({ hasText: /waiting to be sent/ });

/** Saves the open editor with Save Draft and waits for its notice; answers the memory's id from the URL. */
export async function saveDraftInEditor(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(draftSavedNotice(page)).toBeVisible();
  await expect(page).toHaveURL(/\/memory\/edit\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop() ?? '';
}
