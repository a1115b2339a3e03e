import { SECURITY_SCHEMES, errorResponses, successSchema } from '../api/api-description';
import type { OpenApiParameter, OpenApiSchema } from '../api/openapi.types';
import type { ServiceHttpApi, ServiceHttpRoute } from '../api/service-http-api';
import { ADMIN_ERROR_CODES } from '../admin/instance-admin-messages';
import { ERROR_CODES } from '../errors/error-codes';
import { TOKEN_ERROR_CODES } from '../tokens/personal-access-tokens';
import { EXPORT_RUN_STATUSES, IMPORT_FORMATS, IMPORT_JOB_STATUSES } from './transfer-jobs';
import { TRANSFER_ERROR_CODES } from './transfer-error-codes';
import {
  EXPORT_PATH,
  EXPORT_TICKET_PARAMETER,
  IMPORT_FILE_FIELD,
  IMPORT_PATH,
  MEMORY_DOWNLOAD_PATH,
} from './transfer-http';

/** The HTTP status of every failure the transfer routes answer: the one table they and the API document read. */
export const TRANSFER_HTTP_ERROR_STATUS: Readonly<Record<string, number>> = {
  [ERROR_CODES.VALIDATION_FAILED]: 400,
  [TRANSFER_ERROR_CODES.archiveInvalid]: 400,
  [TRANSFER_ERROR_CODES.formatUnknown]: 400,
  [ERROR_CODES.UNAUTHORIZED]: 401,
  [TOKEN_ERROR_CODES.TOKEN_SCOPE_FORBIDDEN]: 403,
  [TOKEN_ERROR_CODES.TOKEN_ROUTE_FORBIDDEN]: 403,
  [TRANSFER_ERROR_CODES.importNotFound]: 404,
  [TRANSFER_ERROR_CODES.exportNotFound]: 404,
  [TRANSFER_ERROR_CODES.ticketInvalid]: 404,
  MEMORY_NOT_FOUND: 404,
  [TRANSFER_ERROR_CODES.importRunning]: 409,
  [TRANSFER_ERROR_CODES.exportRunning]: 409,
  [TRANSFER_ERROR_CODES.archiveTooLarge]: 413,
  [ADMIN_ERROR_CODES.STORAGE_QUOTA_EXCEEDED]: 413,
  [ERROR_CODES.INTERNAL]: 500,
  [ERROR_CODES.BUS_UNAVAILABLE]: 503,
  [ERROR_CODES.DATABASE_UNAVAILABLE]: 503,
  [ERROR_CODES.BUS_TIMEOUT]: 504,
};

const answersOf = (codes: readonly string[]) =>
  errorResponses(codes.map((code) => [TRANSFER_HTTP_ERROR_STATUS[code] ?? 500, code] as const));
const UNAVAILABLE = [
  ERROR_CODES.BUS_UNAVAILABLE,
  ERROR_CODES.DATABASE_UNAVAILABLE,
  ERROR_CODES.BUS_TIMEOUT,
  ERROR_CODES.INTERNAL,
];
const BEARER = [{ [SECURITY_SCHEMES.bearer]: [] }];
const EXAMPLE_ID = '3c4a7dc0-07d2-438d-b79e-330c25039139';
const idParameter = (name: string, description: string): OpenApiParameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', format: 'uuid' },
  example: EXAMPLE_ID,
});
const ZIP = { 'application/zip': { schema: { type: 'string', format: 'binary' } } };
const json = (data: OpenApiSchema) => ({ 'application/json': { schema: successSchema(data) } });
const count = (description: string): OpenApiSchema => ({ type: 'integer', minimum: 0, description });

const exportJournal: ServiceHttpRoute = {
  method: 'GET',
  url: EXPORT_PATH,
  path: EXPORT_PATH,
  operation: {
    operationId: 'Transfer_export',
    summary: "Download the caller's whole journal as one ZIP, streamed",
    description:
      'memories.json (every memory, lossless), memories/YYYY-MM-DD-<slug>.md (YAML front matter, Markdown body) and images/. ' +
      `Authenticated by the bearer token, or by the one-time ${EXPORT_TICKET_PARAMETER} of POST ${EXPORT_PATH} (a browser download). ` +
      'A failure while streaming breaks the connection: the archive is only valid when complete. ' +
      'One export per person at a time (409 while another is running).',
    tags: ['transfer'],
    security: [...BEARER, {}],
    parameters: [
      {
        name: EXPORT_TICKET_PARAMETER,
        in: 'query',
        required: false,
        description: 'A one-time download ticket instead of the bearer token',
        schema: { type: 'string' },
        example: 'Zk8YhQ6tTPrKYm2XbvoyGvHZpPNYpH0Xb3u9W1p6H0c',
      },
    ],
    responses: {
      '200': {
        description: 'The archive, as an attachment named memories-export-YYYY-MM-DD.zip',
        headers: {
          'Content-Disposition': {
            description: 'attachment; filename="memories-export-YYYY-MM-DD.zip"',
            schema: { type: 'string' },
          },
        },
        content: ZIP,
      },
      ...answersOf([
        ERROR_CODES.UNAUTHORIZED,
        TRANSFER_ERROR_CODES.ticketInvalid,
        TRANSFER_ERROR_CODES.exportRunning,
        ...UNAVAILABLE,
      ]),
    },
  },
};

const startExport: ServiceHttpRoute = {
  method: 'POST',
  url: EXPORT_PATH,
  path: EXPORT_PATH,
  operation: {
    operationId: 'Transfer_startExport',
    summary: 'A one-time link that downloads the whole journal, and the export id to follow its progress',
    tags: ['transfer'],
    security: BEARER,
    parameters: [],
    responses: {
      '201': {
        description: 'The ticket, valid once for five minutes',
        content: json({
          type: 'object',
          required: ['exportId', 'downloadUrl', 'expiresAt'],
          properties: {
            exportId: { type: 'string', format: 'uuid', example: EXAMPLE_ID },
            downloadUrl: {
              type: 'string',
              example: `${EXPORT_PATH}?${EXPORT_TICKET_PARAMETER}=Zk8YhQ6tTPrKYm2XbvoyGvHZpPNYpH0Xb3u9W1p6H0c`,
            },
            expiresAt: { type: 'string', format: 'date-time' },
          },
        }),
      },
      ...answersOf([ERROR_CODES.UNAUTHORIZED, TRANSFER_ERROR_CODES.exportRunning, ...UNAVAILABLE]),
    },
  },
};

const exportProgress: ServiceHttpRoute = {
  method: 'GET',
  url: `${EXPORT_PATH}/:exportId`,
  path: `${EXPORT_PATH}/{exportId}`,
  operation: {
    operationId: 'Transfer_exportProgress',
    summary: 'How far an export of the caller is',
    tags: ['transfer'],
    security: BEARER,
    parameters: [idParameter('exportId', 'The exportId of POST /api/export')],
    responses: {
      '200': {
        description: 'Memories and bytes written so far',
        content: json({
          type: 'object',
          required: ['exportId', 'status', 'memoriesTotal', 'memoriesWritten', 'bytesWritten'],
          properties: {
            exportId: { type: 'string', format: 'uuid' },
            status: { type: 'string', enum: [...EXPORT_RUN_STATUSES] },
            memoriesTotal: count('Memories in the journal'),
            memoriesWritten: count('Memories in the archive so far'),
            bytesWritten: count('Bytes of the archive sent so far'),
          },
        }),
      },
      ...answersOf([ERROR_CODES.UNAUTHORIZED, TRANSFER_ERROR_CODES.exportNotFound, ...UNAVAILABLE]),
    },
  },
};

const downloadMemory: ServiceHttpRoute = {
  method: 'GET',
  url: `${MEMORY_DOWNLOAD_PATH}:id`,
  path: `${MEMORY_DOWNLOAD_PATH}{id}`,
  operation: {
    operationId: 'Transfer_downloadMemory',
    summary: 'One memory as a file: Markdown, or a ZIP of the Markdown and its images',
    description: 'For its owner and the users it is shared with; anyone else gets 404.',
    tags: ['transfer'],
    security: BEARER,
    parameters: [idParameter('id', 'The memory')],
    responses: {
      '200': {
        description: 'An attachment: <date>-<slug>.md, or <date>-<slug>.zip when the memory has images',
        headers: { 'Content-Disposition': { description: 'attachment; filename="..."', schema: { type: 'string' } } },
        content: { 'text/markdown': { schema: { type: 'string' } }, ...ZIP },
      },
      ...answersOf([ERROR_CODES.UNAUTHORIZED, 'MEMORY_NOT_FOUND', ...UNAVAILABLE]),
    },
  },
};

const importArchive: ServiceHttpRoute = {
  method: 'POST',
  url: IMPORT_PATH,
  path: IMPORT_PATH,
  operation: {
    operationId: 'Transfer_import',
    summary: 'Import an archive: a Memories export, a Day One JSON export or a ZIP of Markdown files',
    description:
      'The archive is checked at once (a ZIP, not encrypted, no links or paths leaving it, no zip bomb, a known format) and imported by a job; ' +
      'follow it with GET /api/import/{jobId}. Importing the same archive again creates nothing new. The archive counts ' +
      'against the storage quota until its job is done: one that does not fit answers 413 STORAGE_QUOTA_EXCEEDED. ' +
      'One import per person at a time: another while one is queued or running is refused (409).',
    tags: ['transfer'],
    security: BEARER,
    parameters: [],
    requestBody: {
      required: true,
      description: 'One file, at most 2 GB',
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [IMPORT_FILE_FIELD],
            properties: { [IMPORT_FILE_FIELD]: { type: 'string', format: 'binary' } },
          },
        },
      },
    },
    responses: {
      '202': {
        description: 'Received; the import has started',
        content: json({
          type: 'object',
          required: ['jobId'],
          properties: { jobId: { type: 'string', format: 'uuid', example: EXAMPLE_ID } },
        }),
      },
      ...answersOf([
        ERROR_CODES.VALIDATION_FAILED,
        TRANSFER_ERROR_CODES.archiveInvalid,
        TRANSFER_ERROR_CODES.formatUnknown,
        ERROR_CODES.UNAUTHORIZED,
        // A read-only personal access token.
        TOKEN_ERROR_CODES.TOKEN_SCOPE_FORBIDDEN,
        TRANSFER_ERROR_CODES.importRunning,
        TRANSFER_ERROR_CODES.archiveTooLarge,
        ADMIN_ERROR_CODES.STORAGE_QUOTA_EXCEEDED,
        ...UNAVAILABLE,
      ]),
    },
  },
};

const importReport: ServiceHttpRoute = {
  method: 'GET',
  url: `${IMPORT_PATH}/:jobId`,
  path: `${IMPORT_PATH}/{jobId}`,
  operation: {
    operationId: 'Transfer_importReport',
    summary: 'Where an import of the caller is, and its report',
    tags: ['transfer'],
    security: BEARER,
    parameters: [idParameter('jobId', 'The jobId of POST /api/import')],
    responses: {
      '200': {
        description: 'The report so far (final once done or failed)',
        content: json({
          type: 'object',
          required: [
            'jobId',
            'status',
            'format',
            'fileName',
            'total',
            'imported',
            'skipped',
            'failed',
            'errors',
            'restoredShares',
            'createdAt',
            'finishedAt',
          ],
          properties: {
            jobId: { type: 'string', format: 'uuid' },
            status: { type: 'string', enum: [...IMPORT_JOB_STATUSES] },
            format: { type: 'string', enum: [...IMPORT_FORMATS] },
            fileName: { type: 'string' },
            total: count('Entries in the archive (0 until counted)'),
            imported: count('Memories created'),
            skipped: count('Entries already in the journal'),
            failed: count('Entries that could not be imported'),
            errors: {
              type: 'array',
              description: 'Refused entries and notes on entries imported without something, at most 200',
              items: {
                type: 'object',
                required: ['entry', 'message'],
                properties: { entry: { type: 'string' }, message: { type: 'string' } },
              },
            },
            restoredShares: {
              type: 'array',
              description:
                'The people memories were shared with again: the accounts here with these confirmed addresses, at most 50',
              items: {
                type: 'object',
                required: ['email', 'memories'],
                properties: { email: { type: 'string' }, memories: count('Memories shared with them again') },
              },
            },
            createdAt: { type: 'string', format: 'date-time' },
            finishedAt: { type: 'string', format: 'date-time', nullable: true },
          },
        }),
      },
      ...answersOf([ERROR_CODES.UNAUTHORIZED, TRANSFER_ERROR_CODES.importNotFound, ...UNAVAILABLE]),
    },
  },
};

/** The transfer routes the upload service serves itself (whole journals out and in, one memory as a file). */
export const TRANSFER_HTTP_ROUTES = {
  exportJournal,
  startExport,
  exportProgress,
  downloadMemory,
  importArchive,
  importReport,
} as const;

export const TRANSFER_HTTP_API: ServiceHttpApi = {
  routes: Object.values(TRANSFER_HTTP_ROUTES),
  securitySchemes: {},
};
