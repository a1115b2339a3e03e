import { uploadsApi } from '@memories/web-api-client';
import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { useCallback, useEffect, useRef, useState } from 'react';
import { insertedImageWidth } from '../image/image-size.util';
import type { StoreImage } from '../rich-text-editor.types';
import { isImageFile, NOT_AN_IMAGE_MESSAGE, readNaturalWidth, uploadFailedMessage } from './image-upload.util';

export interface UploadState {
  /** Files still being uploaded. */
  uploading: number;
  /** Bytes sent of all files in progress, 0 to 1. */
  progress: number;
}

interface Uploaded {
  src: string;
  alt: string;
  width: number | null;
}

const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : String(error);

export interface ImageUploads {
  state: UploadState;
  /** Uploads and inserts the files; answers those that could not be uploaded (each already reported). */
  upload(files: readonly File[]): Promise<File[]>;
}

/**
 * Uploads picked files (images only, several at once, in parallel) and inserts them at the selection in the order
 * they were picked once all have finished; each failure is reported as "Failed to upload {filename}: {message}".
 */
export function useImageUploads(
  editor: Editor,
  onError: (message: string) => void,
  onUploadingChange?: (uploading: number) => void,
  storeImage: StoreImage = uploadsApi.uploadFile,
): ImageUploads {
  const [state, setState] = useState<UploadState>({ uploading: 0, progress: 0 });
  const progress = useRef(new Map<number, number>());
  const nextId = useRef(0);
  const callbacks = useRef({ onError, onUploadingChange, storeImage });
  useEffect(() => {
    callbacks.current = { onError, onUploadingChange, storeImage };
  });

  const report = useCallback(() => {
    const fractions = [...progress.current.values()];
    const uploading = fractions.length;
    setState({
      uploading,
      progress: uploading === 0 ? 0 : fractions.reduce((sum, value) => sum + value, 0) / uploading,
    });
    callbacks.current.onUploadingChange?.(uploading);
  }, []);

  const upload = useCallback(
    async (files: readonly File[]) => {
      const images: File[] = [];
      const failed: File[] = [];
      for (const file of files) {
        if (isImageFile(file)) images.push(file);
        else {
          failed.push(file);
          callbacks.current.onError(uploadFailedMessage(file.name, NOT_AN_IMAGE_MESSAGE));
        }
      }
      if (images.length === 0) return failed;
      const ids = images.map(() => nextId.current++);
      for (const id of ids) progress.current.set(id, 0);
      report();

      const results = await Promise.all(
        images.map(async (file, index): Promise<Uploaded | null> => {
          const id = ids[index];
          try {
            const [src, naturalWidth] = await Promise.all([
              callbacks.current.storeImage(file, {
                onProgress: (fraction) => {
                  progress.current.set(id, fraction);
                  report();
                },
              }),
              readNaturalWidth(file),
            ]);
            return { src, alt: file.name, width: insertedImageWidth(naturalWidth) };
          } catch (error) {
            failed.push(file);
            callbacks.current.onError(uploadFailedMessage(file.name, errorMessage(error)));
            return null;
          } finally {
            progress.current.delete(id);
            report();
          }
        }),
      );

      const uploaded = results.filter((result): result is Uploaded => result !== null);
      if (editor.isDestroyed) return [...files];
      if (uploaded.length === 0) return failed;
      const nodes = uploaded.map((image) => ({ type: 'image', attrs: image }));
      const { selection } = editor.state;
      // A selected node (e.g. another image) is not replaced: the new images go right after it.
      const chain = editor.chain().focus();
      (selection instanceof NodeSelection
        ? chain.insertContentAt(selection.to, nodes)
        : chain.insertContent(nodes)
      ).run();
      return failed;
    },
    [editor, report],
  );

  return { state, upload };
}
