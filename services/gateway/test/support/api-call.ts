import { randomUUID } from 'node:crypto';
import type { ApiContract } from '@memories/server-testing';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: {
    success: boolean;
    data?: T;
    message?: string;
    error?: { code: string };
    pagination?: { totalElements: number };
  };
}

export interface ApiCallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** One JSON call to the gateway, answered with its status and parsed envelope (a body that is not JSON fails). */
export async function callApi<T = unknown>(
  api: string,
  method: string,
  url: string,
  options: ApiCallOptions = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${api}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as ApiAnswer<T>['body'] };
  } catch {
    throw new Error(`${method} ${url} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
}

/** `callApi` whose answer (and its request, when accepted) must be what the served API document says. */
export async function callApiAsDocumented<T = unknown>(
  contract: ApiContract,
  api: string,
  method: string,
  url: string,
  options: ApiCallOptions = {},
): Promise<ApiAnswer<T>> {
  const answer = await callApi<T>(api, method, url, options);
  contract.verify({
    method,
    url: `/api${url}`,
    requestBody: options.body,
    status: answer.status,
    contentType: 'application/json',
    responseBody: answer.body,
  });
  return answer;
}

/** Registers a new account through the gateway and signs in: the access token. */
export async function signUpAndLogIn(api: string): Promise<string> {
  const email = `user-${randomUUID()}@example.com`;
  const password = 'correct horse battery staple';
  const registered = await callApi(api, 'POST', '/auth/register', {
    body: { name: 'Test User', email, password, confirmPassword: password },
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.body.message}`);
  const session = await callApi<{ accessToken: string }>(api, 'POST', '/auth/login', {
    body: { email, password, rememberMe: false },
  });
  if (session.status !== 200 || !session.body.data)
    throw new Error(`login answered ${session.status}: ${session.body.message}`);
  return session.body.data.accessToken;
}

/** A valid memory body with the given title. */
export function memoryBody(title: string): Record<string, unknown> {
  return {
    title,
    date: '2024-05-01',
    contentJson: JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: `${title} by the sea` }] }],
    }),
    tags: ['load'],
    isDraft: true,
  };
}
