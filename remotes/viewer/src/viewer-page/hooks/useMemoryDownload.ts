import { useCallback, useState } from 'react';
import { transferApi } from '@memories/web-api-client';
import { saveBlob } from '@memories/web-ui';

/**
 * Download: the memory as one file from the server (Markdown, or a ZIP of it and its images when it has any),
 * saved by the browser under the server's name.
 */
export function useMemoryDownload(id: string, onError: (message: string) => void) {
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async () => {
    setDownloading(true);
    try {
      const file = await transferApi.downloadMemory(id);
      saveBlob(file.blob, file.fileName);
    } catch (failure) {
      onError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setDownloading(false);
    }
  }, [id, onError]);
  return { download, downloading };
}
