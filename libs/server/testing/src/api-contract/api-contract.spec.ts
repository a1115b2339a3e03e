import { UPLOAD_HTTP_API, errorResponses, successSchema } from '@memories/contracts';
import { ApiContract, documentOfServiceApi, type ApiDocumentLike } from './api-contract';
import { compareRoutesWithDocument, documentedRoutesOf } from './served-routes';

const document: ApiDocumentLike = {
  paths: {
    '/api/notes/{id}': {
      get: {
        operationId: 'Notes_get',
        summary: 'A note',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: successSchema({ $ref: '#/components/schemas/Note' }) } },
          },
          ...errorResponses([[404, 'NOTE_NOT_FOUND']]),
        },
      },
    },
    '/api/notes': {
      post: {
        operationId: 'Notes_create',
        summary: 'Create',
        parameters: [{ name: 'size', in: 'query', schema: { type: 'integer', maximum: 10 } }],
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
            },
          },
        },
        responses: {
          '201': {
            description: 'ok',
            content: { 'application/json': { schema: successSchema({ $ref: '#/components/schemas/Note' }) } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Note: {
        type: 'object',
        required: ['id', 'text'],
        properties: { id: { type: 'string' }, text: { type: 'string' } },
      },
    },
  },
};

const NOTE_ID = '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01';
const note = { id: NOTE_ID, text: 'hello' };
const json = 'application/json; charset=utf-8';

describe('ApiContract', () => {
  const contract = new ApiContract(document);

  it('accepts an answer the document describes', () => {
    expect(
      contract.violations({
        method: 'GET',
        url: `/api/notes/${NOTE_ID}`,
        status: 200,
        contentType: json,
        responseBody: { success: true, data: note },
      }),
    ).toEqual([]);
    const missing = { success: false, message: 'Note not found', error: { code: 'NOTE_NOT_FOUND' } };
    expect(
      contract.violations({
        method: 'GET',
        url: `http://host/api/notes/${NOTE_ID}`,
        status: 404,
        contentType: json,
        responseBody: missing,
      }),
    ).toEqual([]);
  });

  it('names the operation and the status when the status is not documented', () => {
    expect(
      contract.violations({
        method: 'GET',
        url: `/api/notes/${NOTE_ID}`,
        status: 409,
        contentType: json,
        responseBody: {},
      }),
    ).toEqual(['GET /api/notes/{id} (Notes_get) answered 409, which the document does not list (it lists 200, 404)']);
  });

  it('names the field that breaks the schema, a field the document does not list, and an error code it does not list', () => {
    const wrong = { success: true, data: { id: NOTE_ID, text: 5, colour: 'red' } };
    expect(
      contract.violations({
        method: 'GET',
        url: `/api/notes/${NOTE_ID}`,
        status: 200,
        contentType: json,
        responseBody: wrong,
      }),
    ).toEqual([
      'GET /api/notes/{id} (Notes_get) → 200: response body field data must NOT have additional properties (colour)',
      'GET /api/notes/{id} (Notes_get) → 200: response body field data.text must be string (got 5)',
    ]);
    const otherCode = { success: false, message: 'Gone', error: { code: 'NOTE_GONE' } };
    expect(
      contract.violations({
        method: 'GET',
        url: `/api/notes/${NOTE_ID}`,
        status: 404,
        contentType: json,
        responseBody: otherCode,
      }),
    ).toEqual([
      'GET /api/notes/{id} (Notes_get) → 404: response body field error.code must be equal to one of the allowed values (NOTE_NOT_FOUND; got "NOTE_GONE")',
    ]);
  });

  it('refuses an answer of another content type', () => {
    expect(
      contract.violations({
        method: 'GET',
        url: `/api/notes/${NOTE_ID}`,
        status: 200,
        contentType: 'text/html',
        responseBody: undefined,
      }),
    ).toEqual([
      'GET /api/notes/{id} (Notes_get) → 200: Content-Type text/html is not one the document lists (application/json)',
    ]);
  });

  it('holds a request the API accepted to the document: path, query and body', () => {
    const created = { status: 201, contentType: json, responseBody: { success: true, data: note } };
    expect(
      contract.violations({
        method: 'POST',
        url: '/api/notes?size=20&colour=red',
        requestBody: { text: 1 },
        ...created,
      }),
    ).toEqual([
      'POST /api/notes (Notes_create): query parameter size must be <= 10 (got 20)',
      'POST /api/notes (Notes_create): query parameter colour is not in the document',
      'POST /api/notes (Notes_create): request body field text must be string (got 1)',
    ]);
    expect(
      contract.violations({
        method: 'GET',
        url: '/api/notes/42',
        status: 200,
        contentType: json,
        responseBody: { success: true, data: note },
      }),
    ).toEqual(['GET /api/notes/{id} (Notes_get): path parameter id must match format "uuid" (got "42")']);
  });

  it('does not hold a refused request to the document: the answer is what is checked', () => {
    const refused = { success: false, message: 'Note not found', error: { code: 'NOTE_NOT_FOUND' } };
    expect(
      contract.violations({
        method: 'GET',
        url: '/api/notes/42',
        status: 404,
        contentType: json,
        responseBody: refused,
      }),
    ).toEqual([]);
  });

  it('reports a call to an operation the document does not have', () => {
    expect(contract.violations({ method: 'DELETE', url: '/api/notes/1', status: 200 })).toEqual([
      'DELETE /api/notes/1: no such operation in the document',
    ]);
  });

  it('fails the test with every violation', () => {
    expect(() => contract.verify({ method: 'GET', url: `/api/notes/${NOTE_ID}`, status: 500 })).toThrow(/answered 500/);
  });

  it('checks a service’s own routes against their contract, binary answers by content type', () => {
    const uploads = ApiContract.ofServiceApi(UPLOAD_HTTP_API);
    const file = `/api/files/users/u1/${NOTE_ID}.png`;
    expect(uploads.violations({ method: 'GET', url: file, status: 200, contentType: 'image/png' })).toEqual([]);
    expect(uploads.violations({ method: 'GET', url: file, status: 200, contentType: 'text/html' })).toHaveLength(1);
  });
});

describe('compareRoutesWithDocument', () => {
  const documented = documentedRoutesOf(document);

  it('finds nothing when the served routes and the document agree', () => {
    const served = [
      { method: 'GET', url: '/api/notes/:id' },
      { method: 'POST', url: '/api/notes' },
      { method: 'GET', url: '/api/docs/json' },
    ];
    expect(compareRoutesWithDocument(served, documented, { prefix: '/api/', ignored: ['/api/docs'] })).toEqual({
      undocumented: [],
      unserved: [],
    });
  });

  it('names a served route the document misses and a documented operation nothing serves', () => {
    const served = [
      { method: 'GET', url: '/api/notes/:id' },
      { method: 'DELETE', url: '/api/notes/:id' },
      { method: 'GET', url: '/health/live' },
    ];
    expect(compareRoutesWithDocument(served, documented, { prefix: '/api/' })).toEqual({
      undocumented: ['DELETE /api/notes/:id'],
      unserved: ['POST /api/notes'],
    });
  });

  it('lets a wildcard route serve the documented paths under it', () => {
    const uploads = documentedRoutesOf(documentOfServiceApi(UPLOAD_HTTP_API));
    expect(compareRoutesWithDocument(UPLOAD_HTTP_API.routes, uploads, { prefix: '/api/' })).toEqual({
      undocumented: [],
      unserved: [],
    });
  });
});
