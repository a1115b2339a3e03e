import type { SubjectPattern } from '../bus/subjects';

/** Request/reply subjects of the upload service. */
export const UPLOAD_SUBJECTS = {
  createGrant: 'upload.grants.create',
  cleanup: 'upload.files.cleanup',
} as const satisfies Record<string, SubjectPattern>;

/** Where uploaded files are read (an application URL; the memory service's FILE_URL_PREFIX must equal it). */
export const FILE_URL_PREFIX = '/api/files/';

/** Where the browser PUTs the bytes of a grant (served by the upload service's own HTTP layer). */
export const UPLOAD_URL_PREFIX = '/api/upload/files/';
