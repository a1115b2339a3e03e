import { MEMORY_PLAIN_FIELD_DEFAULTS, type Memory } from '@memories/contracts';
import type { PageRehearsal } from '@memories/web-mf-runtime';
import { useSession } from '@memories/web-session';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { EditorPage } from '../EditorPage';
import { EditorRehearsalProvider } from './rehearsal-context';

/** Never a memory's id (those are UUIDs): the device has no outbox entry or mirrored draft under it. */
const REHEARSAL_ID = 'rehearsal';

/** What the rehearsal opens: text with a heading, marks and a list, like a memory people write. */
const REHEARSAL_DOCUMENT = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Morning' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'We swam before ' },
        { type: 'text', marks: [{ type: 'bold' }], text: 'breakfast' },
        { type: 'text', text: '.' },
      ],
    },
    {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'the lake' }] }] }],
    },
  ],
};

function rehearsalMemory(ownerId: string, userEmail: string): Memory {
  const now = new Date().toISOString();
  return {
    ...MEMORY_PLAIN_FIELD_DEFAULTS,
    id: REHEARSAL_ID,
    title: 'A day at the lake',
    date: now,
    contentHtml: '',
    contentJson: JSON.stringify(REHEARSAL_DOCUMENT),
    tags: ['summer'],
    isDraft: true,
    thumbnailUrl: '',
    sharedWith: [],
    userEmail,
    ownerId,
    createdAt: now,
    updatedAt: now,
    viewCount: 0,
    likeCount: 0,
    commentCount: 0,
    wordCount: 8,
    readingTime: 1,
    version: 1,
    journalId: '',
  };
}

/**
 * The editor page's rehearsal (see RehearsalStage in @memories/web-mf-runtime): the real page, with its form, toolbar
 * and Tiptap editor, opened on a memory that exists nowhere, in a router of its own. It asks the server for nothing of
 * its own (the journals' list is the one every signed-in page has loaded), reads nothing of the device's and saves
 * nothing, as nothing is edited. Done once the editor holds its document: the browser has then compiled
 * what opening a memory runs and holds its styles, so the real first opening costs about what a second one does.
 */
export const EditorPageRehearsal: PageRehearsal = function EditorPageRehearsal({ onDone }) {
  const { user } = useSession();
  const [router] = useState(() =>
    createMemoryRouter([{ path: '/memory/edit/:id', element: <EditorPage /> }], {
      initialEntries: [
        {
          pathname: `/memory/edit/${REHEARSAL_ID}`,
          state: { memory: rehearsalMemory(user?.id ?? '', user?.email ?? '') },
        },
      ],
    }),
  );
  const stage = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const page = stage.current;
    if (!page) return undefined;
    // The rich-text editor's content: it holds the document from its first commit on (RichTextEditor).
    const documentIsIn = () => page.querySelector('[data-testid="rich-text-content"]') !== null;
    if (documentIsIn()) {
      onDone();
      return undefined;
    }
    const observer = new MutationObserver(() => {
      if (!documentIsIn()) return;
      observer.disconnect();
      onDone();
    });
    observer.observe(page, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [onDone]);

  return (
    <EditorRehearsalProvider value>
      <div ref={stage}>
        <RouterProvider router={router} />
      </div>
    </EditorRehearsalProvider>
  );
};
