import { SECURITY_SCHEMES, errorResponses, successSchema } from '../api/api-description';
import type { OpenApiParameter } from '../api/openapi.types';
import type { ServiceHttpApi, ServiceHttpRoute } from '../api/service-http-api';
import { AUTH_COOKIE_PATH } from '../auth/auth-http';
import { ADMIN_ERROR_CODES } from '../admin/instance-admin-messages';
import { ERROR_CODES } from '../errors/error-codes';
import { MEDIA_COOKIE_NAME } from './media-cookie';
import { UPLOAD_ERROR_CODES } from './upload-error-codes';
import { FILE_URL_PREFIX, UPLOAD_URL_PREFIX } from './upload-subjects';

/**
 * The HTTP status of every failure the upload service's own routes answer: the one table they and the API document
 * read.
 */
export const UPLOAD_HTTP_ERROR_STATUS: Readonly<Record<string, number>> = {
  [UPLOAD_ERROR_CODES.grantInvalid]: 403,
  [UPLOAD_ERROR_CODES.grantExpired]: 403,
  [UPLOAD_ERROR_CODES.alreadyUploaded]: 409,
  [UPLOAD_ERROR_CODES.tooLarge]: 413,
  [ADMIN_ERROR_CODES.STORAGE_QUOTA_EXCEEDED]: 413,
  [UPLOAD_ERROR_CODES.unsupportedType]: 415,
  [UPLOAD_ERROR_CODES.contentMismatch]: 415,
  [UPLOAD_ERROR_CODES.fileNotFound]: 404,
  // The memory service could not say whether the reader may see the file: unavailable, not "not found".
  [ERROR_CODES.BUS_UNAVAILABLE]: 503,
  [ERROR_CODES.BUS_TIMEOUT]: 503,
  [ERROR_CODES.INTERNAL]: 500,
};

const answersOf = (codes: readonly string[]) =>
  errorResponses(codes.map((code) => [UPLOAD_HTTP_ERROR_STATUS[code] ?? 500, code] as const));

const EXAMPLE_USER_ID = '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01';
const EXAMPLE_FILE_NAME = '0b7e6c1a-52c4-4d7e-8a51-6f0f4c3b9d21.png';
const FILE_PATH = 'users/{userId}/{fileName}';

const FILE_PARAMETERS: OpenApiParameter[] = [
  {
    name: 'userId',
    in: 'path',
    required: true,
    description: 'The owner, as in the fileUrl of the grant',
    schema: { type: 'string' },
    example: EXAMPLE_USER_ID,
  },
  {
    name: 'fileName',
    in: 'path',
    required: true,
    description: 'A UUID and the extension of the image type',
    schema: { type: 'string' },
    example: EXAMPLE_FILE_NAME,
  },
];

const BINARY_IMAGE = { 'image/*': { schema: { type: 'string', format: 'binary' } } };

/** The PUT of a signed upload URL: the bytes stream to storage, checked for size and type while they arrive. */
const upload: ServiceHttpRoute = {
  method: 'PUT',
  url: `${UPLOAD_URL_PREFIX}*`,
  path: `${UPLOAD_URL_PREFIX}${FILE_PATH}`,
  operation: {
    operationId: 'UploadFiles_upload',
    summary: 'Send the bytes of a granted upload to its uploadUrl',
    description:
      'The uploadUrl of POST /api/upload/presigned-url, used once before it expires, with the granted type as Content-Type. ' +
      'The signature in the URL is the credential. With S3 storage the uploadUrl is a presigned URL of the bucket instead.',
    tags: ['uploads'],
    security: [],
    parameters: [
      ...FILE_PARAMETERS,
      {
        name: 'expires',
        in: 'query',
        required: true,
        description: 'When the grant ends (Unix seconds)',
        schema: { type: 'integer' },
        example: 1795592320,
      },
      {
        name: 'signature',
        in: 'query',
        required: true,
        description: 'The grant signature',
        schema: { type: 'string' },
        example: 'WtCNggxaBUnIS4deX-gXlE_fM2UjjAB39W-aXaoSxmY',
      },
    ],
    requestBody: {
      required: true,
      description: 'The image, at most 10 MB, of the type granted',
      content: BINARY_IMAGE,
    },
    responses: {
      '200': {
        description: 'Stored',
        content: {
          'application/json': {
            schema: successSchema({
              type: 'object',
              required: ['fileUrl', 'size'],
              properties: {
                fileUrl: {
                  type: 'string',
                  description: 'The URL to put in content',
                  example: `${FILE_URL_PREFIX}users/${EXAMPLE_USER_ID}/${EXAMPLE_FILE_NAME}`,
                },
                size: { type: 'integer', description: 'Bytes stored', example: 48213 },
              },
            }),
          },
        },
      },
      ...answersOf([
        UPLOAD_ERROR_CODES.grantInvalid,
        UPLOAD_ERROR_CODES.grantExpired,
        UPLOAD_ERROR_CODES.alreadyUploaded,
        UPLOAD_ERROR_CODES.tooLarge,
        ADMIN_ERROR_CODES.STORAGE_QUOTA_EXCEEDED,
        UPLOAD_ERROR_CODES.unsupportedType,
        UPLOAD_ERROR_CODES.contentMismatch,
        ERROR_CODES.INTERNAL,
      ]),
    },
  },
};

/** The private GET of a file: `<img>` cannot send a bearer header, so the media cookie authenticates it. */
const read: ServiceHttpRoute = {
  method: 'GET',
  url: `${FILE_URL_PREFIX}*`,
  path: `${FILE_URL_PREFIX}${FILE_PATH}`,
  operation: {
    operationId: 'UploadFiles_read',
    summary: 'Read an uploaded image: its owner, or a reader of a memory that uses it',
    description:
      'Anyone else, and a request without the media cookie, gets 404: whether the file exists is never revealed.',
    tags: ['uploads'],
    security: [{ [SECURITY_SCHEMES.mediaCookie]: [] }],
    parameters: FILE_PARAMETERS,
    responses: {
      '200': {
        description: 'The image, private to the browser (never cached by a shared cache)',
        headers: { 'Cache-Control': { description: 'private caching only', schema: { type: 'string' } } },
        content: BINARY_IMAGE,
      },
      '302': {
        description: 'With S3 storage: a short-lived signed URL of the object store',
        headers: { Location: { description: 'The signed URL', schema: { type: 'string' } } },
      },
      ...answersOf([
        UPLOAD_ERROR_CODES.fileNotFound,
        ERROR_CODES.BUS_UNAVAILABLE,
        ERROR_CODES.BUS_TIMEOUT,
        ERROR_CODES.INTERNAL,
      ]),
    },
  },
};

/** The upload service's own HTTP routes (the proxy, or the standalone, sends these two prefixes to it). */
export const UPLOAD_HTTP_ROUTES = { upload, read } as const;

export const UPLOAD_HTTP_API: ServiceHttpApi = {
  routes: [upload, read],
  securitySchemes: {
    [SECURITY_SCHEMES.mediaCookie]: {
      type: 'apiKey',
      in: 'cookie',
      name: MEDIA_COOKIE_NAME,
      description: `The access token again, set with every session grant (login, refresh) next to the refresh cookie of ${AUTH_COOKIE_PATH}, sent by the browser to ${FILE_URL_PREFIX} only`,
    },
  },
};
