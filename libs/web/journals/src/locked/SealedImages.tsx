import { isSealedFileUrl } from '@memories/contracts';
import { uploadsApi, type UploadCallOptions } from '@memories/web-api-client';
import { JournalLockedError, unlockedJournals } from '@memories/web-crypto';
import { ImageSourceProvider, type ImageSourceResolver } from '@memories/web-ui';
import { useEffect, useMemo, type ReactNode } from 'react';
import { journalCrypto } from './journal-crypto';
import { useJournalKey } from './useJournalKey';

/**
 * Stores an image for a memory of the locked journal `journalId`, unlocked in this tab: sealed here with the
 * journal's key (its bytes and its type), so the server receives and keeps only ciphertext. Answers its `fileUrl`.
 */
export async function uploadSealedImage(file: File, journalId: string, options?: UploadCallOptions): Promise<string> {
  const key = unlockedJournals.key(journalId);
  if (!key) throw new JournalLockedError(journalId);
  const { sealFile } = await journalCrypto();
  return uploadsApi.uploadSealedFile(await sealFile(key, journalId, file), journalId, options);
}

/** Fetches an encrypted image and opens it with the journal's key (for showing, or for a decrypted archive). */
export async function openSealedImage(
  src: string,
  journalId: string,
  key: CryptoKey,
  signal?: AbortSignal,
): Promise<Blob> {
  const [response, { openFile }] = await Promise.all([
    fetch(src, { credentials: 'same-origin', signal }),
    journalCrypto(),
  ]);
  if (!response.ok) throw new Error(`The image could not be loaded (HTTP ${response.status}).`);
  return openFile(key, journalId, await response.blob());
}

/**
 * Shows the images of content below it that belong to the locked journal `journalId`: each encrypted one fetched
 * once, opened with the journal's key and shown from an object URL, which is revoked when the journal locks or the
 * content goes (nothing decrypted outlives either). Other images, and every image when `journalId` is null (content
 * that is not in a locked journal), are shown from their own address.
 */
export function SealedImagesProvider({ journalId, children }: { journalId: string | null; children: ReactNode }) {
  const key = useJournalKey(journalId ?? undefined);
  // What was opened with a key goes with it: when the journal locks, or another journal's content comes.
  const opened = useMemo(() => ({ key, urls: new Map<string, Promise<string>>() }), [key]);
  useEffect(
    () => () => {
      for (const url of opened.urls.values()) void url.then(URL.revokeObjectURL, () => undefined);
      opened.urls.clear();
    },
    [opened],
  );
  const resolve = useMemo<ImageSourceResolver | null>(() => {
    if (journalId === null) return null;
    const { key: journalKey, urls } = opened;
    return (src) => {
      if (!isSealedFileUrl(src)) return Promise.resolve(src);
      if (!journalKey) return Promise.reject(new JournalLockedError(journalId));
      let url = urls.get(src);
      if (!url) {
        url = openSealedImage(src, journalId, journalKey).then((image) => URL.createObjectURL(image));
        urls.set(src, url);
        url.catch(() => urls.delete(src));
      }
      return url;
    };
  }, [journalId, opened]);
  return <ImageSourceProvider resolve={resolve}>{children}</ImageSourceProvider>;
}
