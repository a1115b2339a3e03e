import { randomUUID } from 'node:crypto';
import { MEDIA_COOKIE_NAME } from '@memories/contracts';
import { pngBytes } from '@memories/server-testing';
import type { ApiAnswer } from './api-call';

export const PASSWORD = 'correct horse battery staple';
/** A PNG's signature and a few bytes: what the upload service's type check reads. */
export const PNG = pngBytes(7);

/** An account of a test, signed in. */
export interface Person {
  id: string;
  name: string;
  email: string;
  token: string;
}

/** A spec's way of calling the API as someone (or no one): most check each answer against the served API document. */
export type CallAs = <T = unknown>(
  method: string,
  url: string,
  who?: Pick<Person, 'token'>,
  body?: unknown,
) => Promise<ApiAnswer<T>>;

/** A new account, registered and signed in through the gateway; its e-mail starts with the first of `name`'s words. */
export async function signUp(call: CallAs, name: string): Promise<Person> {
  const email = `${name.split(' ')[0].toLowerCase()}-${randomUUID()}@example.com`;
  const registered = await call<{ id: string }>('POST', '/auth/register', undefined, {
    name,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(registered.status).toBe(201);
  const session = await call<{ accessToken: string }>('POST', '/auth/login', undefined, {
    email,
    password: PASSWORD,
    rememberMe: false,
  });
  return { id: registered.body.data!.id, name, email, token: session.body.data!.accessToken };
}

/** An image uploaded the way the editor does it: a grant, then the PUT to the upload service at `files`. */
export async function uploadImage(call: CallAs, files: string, owner: Pick<Person, 'token'>): Promise<string> {
  const grant = await call<{ uploadUrl: string; fileUrl: string }>('POST', '/upload/presigned-url', owner, {
    fileName: 'a.png',
    fileType: 'image/png',
  });
  const put = await fetch(`${files}${grant.body.data!.uploadUrl}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: new Uint8Array(PNG),
  });
  expect(put.status).toBe(200);
  return grant.body.data!.fileUrl;
}

/** The status of a file read as `<img>` reads it: the media cookie holds the access token. */
export async function readFileStatus(files: string, fileUrl: string, who?: Pick<Person, 'token'>): Promise<number> {
  const headers: Record<string, string> = who ? { cookie: `${MEDIA_COOKIE_NAME}=${who.token}` } : {};
  return (await fetch(`${files}${fileUrl}`, { headers })).status;
}
