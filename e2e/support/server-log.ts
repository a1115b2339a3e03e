import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';

/**
 * The last link of this kind the server "sent" to this address: with no SMTP configured (as in `npm start`), e-mails
 * are written to the server log, which is how the instance owner finds them too.
 */
export async function linkFromServerLog(email: string, page: 'reset-password' | 'verify-email'): Promise<string> {
  // From "E-mail to <address>:" to the link, without running into the next e-mail.
  const pattern = new RegExp(
    `E-mail to ${email.replace(/[.+]/g, '\\$&')}:(?:(?!E-mail to )[\\s\\S])*?(https?://\\S+/${page}#token=[\\w-]+)`,
    'g',
  );
  let link = '';
  await expect(async () => {
    const log = await readFile(process.env.E2E_SERVER_LOG ?? '', 'utf8');
    link = [...log.matchAll(pattern)].at(-1)?.[1] ?? '';
    expect(link, `no ${page} link for ${email} in ${process.env.E2E_SERVER_LOG}`).not.toBe('');
  }).toPass();
  return link;
}
