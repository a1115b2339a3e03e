/**
 * The transfer routes: served by the upload service's own HTTP port (archives stream there, never through the
 * bus), routed like `/api/files/` in every run mode (the standalone's one origin, the compose proxy, the Ingress).
 */
export const EXPORT_PATH = '/api/export';
export const IMPORT_PATH = '/api/import';
/** `GET /api/export/memories/<id>`: one memory as a Markdown file, or a ZIP of it and its images. */
export const MEMORY_DOWNLOAD_PATH = '/api/export/memories/';

/** The multipart field that carries the archive of `POST /api/import`. */
export const IMPORT_FILE_FIELD = 'file';

/** The query parameter of a browser download: a one-time ticket instead of the bearer token a link cannot send. */
export const EXPORT_TICKET_PARAMETER = 'ticket';

/** Largest archive `POST /api/import` accepts (the proxies' body limit for that path says the same). */
export const MAX_IMPORT_ARCHIVE_BYTES = 2 * 1024 * 1024 * 1024;
