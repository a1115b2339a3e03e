import { SEALED_FILE_EXTENSION } from '../journals/locked-journal';
import { IMAGE_TYPES } from './image-types';
import { FILE_URL_PREFIX } from './upload-subjects';

/**
 * The storage key the upload service gives every file: `users/<owner id>/<uuid>.<extension>`, the extension of an
 * image type or `sealed` (a locked journal's encrypted image, see SEALED_FILE_EXTENSION).
 */
const FILE_KEY = /*#__PURE__*/ new RegExp(
  `^users/([A-Za-z0-9-]{1,64})/[0-9a-f-]{36}\\.(${[...Object.values(IMAGE_TYPES), SEALED_FILE_EXTENSION].join('|')})$`,
);

/** The owner of a file key, or null for any string that is not one. */
export function ownerOfFileKey(key: string): string | null {
  return FILE_KEY.exec(key)?.[1] ?? null;
}

/** The owner of an application file URL as content stores it (`/api/files/<key>`), or null. */
export function ownerOfFileUrl(url: string): string | null {
  return url.startsWith(FILE_URL_PREFIX) ? ownerOfFileKey(url.slice(FILE_URL_PREFIX.length)) : null;
}

/** Whether a file URL as content stores it is a locked journal's encrypted image (`/api/files/…/<uuid>.sealed`). */
export function isSealedFileUrl(url: string): boolean {
  return url.endsWith(`.${SEALED_FILE_EXTENSION}`) && ownerOfFileUrl(url) !== null;
}
