import type { TokenScope } from './personal-access-tokens';

/**
 * What a personal access token may call, in one place (like the authorization matrix): each route, as
 * `METHOD /api/path/{param}` the way the API document writes it, with the scope it needs. A route not listed here
 * answers 403 TOKEN_ROUTE_FORBIDDEN to every token: tokens themselves, webhooks, the password, two-factor sign-in,
 * passkeys, sessions, the profile and the account (its deletion included) need a signed-in person, and so does
 * everything of instance administration (`/api/admin/*`). The gateway and the upload service (export, import and
 * files) both check a token against this table.
 */
export const TOKEN_ROUTE_SCOPES: Readonly<Record<string, TokenScope>> = {
  'GET /api/memories': 'read',
  'GET /api/memories/{id}': 'read',
  'GET /api/memories/my': 'read',
  'GET /api/memories/memory/{id}': 'read',
  'GET /api/memories/search': 'read',
  'GET /api/memories/on-this-day': 'read',
  'GET /api/memories/calendar': 'read',
  'GET /api/memories/timeline': 'read',
  'GET /api/memories/years': 'read',
  'GET /api/memories/stats': 'read',
  'GET /api/memories/random': 'read',
  'GET /api/memories/tags': 'read',
  'GET /api/memories/shared': 'read',
  'GET /api/memories/memory/{id}/share': 'read',
  'GET /api/memories/memory/{id}/versions': 'read',
  'GET /api/memories/memory/{id}/versions/{versionId}': 'read',
  'POST /api/memories': 'write',
  'PUT /api/memories/{id}': 'write',
  'DELETE /api/memories/{id}': 'write',
  'POST /api/memories/memory': 'write',
  'PUT /api/memories/memory/{id}': 'write',
  'DELETE /api/memories/memory/{id}': 'write',
  'POST /api/memories/memory/{id}/publish': 'write',
  'POST /api/memories/memory/{id}/share': 'write',
  'DELETE /api/memories/memory/{id}/share/{userId}': 'write',
  'POST /api/memories/memory/{id}/versions/{versionId}/restore': 'write',
  'POST /api/memories/cleanup-images': 'write',
  'POST /api/upload/presigned-url': 'write',
  // Journals and their members, as on the dashboard and in Settings; never a locked journal's wrapped key (`/key`),
  // which only the person, with their passphrase, has a use for.
  'GET /api/journals': 'read',
  'GET /api/journals/{id}/memories': 'read',
  'GET /api/journals/{id}/members': 'read',
  'POST /api/journals': 'write',
  'PATCH /api/journals/{id}': 'write',
  'DELETE /api/journals/{id}': 'write',
  'POST /api/journals/{id}/members': 'write',
  'PATCH /api/journals/{id}/members/{userId}': 'write',
  'DELETE /api/journals/{id}/members/{userId}': 'write',
  // Prompts and the template a script may use to write; reminders (they reach a person's devices) need the person.
  'GET /api/prompts': 'read',
  'GET /api/prompts/random': 'read',
  'GET /api/prompts/today': 'read',
  'POST /api/prompts': 'write',
  'DELETE /api/prompts/{id}': 'write',
  'GET /api/templates/personal': 'read',
  'PUT /api/templates/personal': 'write',
  // How much of the storage quota the caller uses: a script can check before it uploads or imports.
  'GET /api/upload/usage': 'read',
  // Served by the upload service.
  'GET /api/export': 'read',
  'POST /api/export': 'read',
  'GET /api/export/{exportId}': 'read',
  'GET /api/export/memories/{id}': 'read',
  'POST /api/import': 'write',
  'GET /api/import/{jobId}': 'read',
  'GET /api/files/users/{userId}/{fileName}': 'read',
};

/** A route template with every parameter as `{}`, so `:id`, `{id}` and `{memoryId}` compare equal. */
function shapeOf(path: string): string {
  return path.replace(/:\w+\*?|\{\w+\}|\*$/g, '{}');
}

const SCOPE_BY_SHAPE = new Map(
  Object.entries(TOKEN_ROUTE_SCOPES).map(([route, scope]) => {
    const [method, path] = route.split(' ');
    return [`${method} ${shapeOf(path)}`, scope] as const;
  }),
);

/** The scope a token needs for a route (`/api/memories/:id` or `/api/memories/{id}`); undefined: no token may. */
export function tokenScopeOf(method: string, routePath: string): TokenScope | undefined {
  return SCOPE_BY_SHAPE.get(`${method.toUpperCase()} ${shapeOf(routePath)}`);
}

/** Whether a token of `scope` may use a route that needs `needed`. */
export function scopeAllows(scope: TokenScope, needed: TokenScope): boolean {
  return scope === 'write' || needed === 'read';
}
