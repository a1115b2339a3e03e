import { LAZY_PART_FAILED_MESSAGE } from '@memories/web-ui';
import { useEffect, useState, type RefObject } from 'react';

import type { RichTextEditorHandle } from '../../rich-text';

/** The preview, with the browser sanitiser it renders through (DOMPurify). */
const loadPreview = () => import('../components/MemoryPreview');
type Preview = { html: string; MemoryPreview: Awaited<ReturnType<typeof loadPreview>>['MemoryPreview'] };

/**
 * The preview of what the editor holds: its code is fetched once the page is idle, not on the first Preview, so the
 * preview also works after the network has gone. `showPreview(false)` goes back to editing.
 */
export function useMemoryPreview(editor: RefObject<RichTextEditorHandle | null>, onFailed: (message: string) => void) {
  const [preview, setPreview] = useState<Preview | null>(null);

  useEffect(() => {
    // Not sooner: fetched during the first frames, it delayed a 10,000-paragraph memory's load ~0.1 s.
    const preload = () => void loadPreview().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(preload, { timeout: 5000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
  }, []);

  const showPreview = (show: boolean) => {
    if (!show) return setPreview(null);
    const html = editor.current?.getHTML() ?? '';
    loadPreview().then(
      ({ MemoryPreview }) => setPreview({ html, MemoryPreview }),
      () => onFailed(LAZY_PART_FAILED_MESSAGE),
    );
  };

  return { preview, showPreview };
}
