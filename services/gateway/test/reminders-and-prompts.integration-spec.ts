import path from 'node:path';
import { Client } from 'pg';
import { generateVapidKeyPair } from '@memories/nest-common';
import {
  REMINDER_CHANNEL_PROBLEMS,
  type Memory,
  type MemoryTemplate,
  type Prompt,
  type PushDevice,
  type ReminderPushMessage,
  type ReminderSettingsView,
} from '@memories/contracts';
import {
  eventually,
  getFreePort,
  startNatsServer,
  startNodeProcess,
  startPushReceiver,
  startSmtpReceiver,
  startTestPostgres,
  type NodeProcess,
  type PushReceiver,
  type SmtpReceiver,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { callApi, memoryBody, signUpAndLogIn, type ApiAnswer } from './support/api-call';
import { startMemoriesSystem, type MemoriesSystem } from './support/memories-system';

// Reminders, prompts and the personal template against the real services as deployed (gateway, auth, memory, upload
// and two notify replicas over nats-server and PostgreSQL), a real SMTP server and a push service that decrypts each
// message with its subscription's keys (RFC 8291), all on 127.0.0.1.

const ZONE = 'Europe/Paris';
const PUBLIC_URL = 'https://journal.example.com';

/** A Web Push (VAPID) key pair for the notify service. */
function vapidKeys(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const { publicKey, privateKey } = generateVapidKeyPair();
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
}

/** `HH:mm` and `yyyy-MM-dd` in the zone: the local time of an instant. */
function localParts(instant: Date, timeZone: string): { time: string; date: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { time: `${parts.hour}:${parts.minute}`, date: `${parts.year}-${parts.month}-${parts.day}` };
}

describe('reminders, prompts and the personal template (split services)', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let smtp: SmtpReceiver;
  let system: MemoriesSystem;
  let secondNotify: NodeProcess;

  beforeAll(async () => {
    [postgres, nats, smtp] = await Promise.all([startTestPostgres(), startNatsServer(), startSmtpReceiver()]);
    const notify = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Memories <reminders@journal.example.com>',
      PUBLIC_URL,
      PUSH_ALLOWED_HOSTS: '127.0.0.1',
      REMINDER_RETRY_BASE_SECONDS: '1',
      ...vapidKeys(),
    };
    system = await startMemoriesSystem({
      natsUrl: nats.url,
      databaseUrl: postgres.url,
      busTimeoutMs: 5000,
      env: { notify },
    });
    // A second replica of the notify service on the same bus and database: every reminder must still go out once.
    const port = await getFreePort();
    secondNotify = await startNodeProcess(
      path.resolve(__dirname, '..', '..', 'notify', 'dist', 'main.js'),
      {
        ...notify,
        HOST: '127.0.0.1',
        PORT: String(port),
        BUS_TRANSPORT: 'nats',
        NATS_URL: nats.url,
        DATABASE_URL: postgres.url,
        LOG_LEVEL: 'error',
      },
      `http://127.0.0.1:${port}/health/live`,
    );
  }, 180000);

  afterAll(async () => {
    await secondNotify?.stop();
    await system?.stop();
    await smtp?.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  const call = <T = unknown>(method: string, url: string, token?: string, body?: unknown): Promise<ApiAnswer<T>> =>
    callApi<T>(system.api, method, url, { token, body });

  async function account(): Promise<{ token: string; email: string }> {
    const token = await signUpAndLogIn(system.api);
    const profile = await call<{ email: string }>('GET', '/auth/profile', token);
    return { token, email: profile.body.data?.email ?? '' };
  }

  const fieldsOf = (answer: ApiAnswer) =>
    ((answer.body.error as { detail?: Array<{ field: string }> } | undefined)?.detail ?? []).map(({ field }) => field);

  describe('settings', () => {
    const valid = { enabled: true, time: '20:00', timeZone: ZONE, days: [1, 2, 3, 4, 5], channels: ['push', 'email'] };

    it('answers the defaults before anything is saved, then the settings as saved', async () => {
      const { token } = await account();
      const before = await call<ReminderSettingsView>('GET', '/settings/reminders', token);
      expect(before.body.data).toMatchObject({
        enabled: false,
        time: '20:00',
        days: [1, 2, 3, 4, 5, 6, 7],
        channels: ['push'],
        pushDevices: 0,
        nextReminderAt: null,
      });
      expect(before.body.data?.pushPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);

      const saved = await call<ReminderSettingsView>('PUT', '/settings/reminders', token, {
        ...valid,
        days: [5, 1, 3],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ ...valid, days: [1, 3, 5] });
      expect(new Date(saved.body.data?.nextReminderAt ?? '').getTime()).toBeGreaterThan(Date.now());
      expect((await call('GET', '/settings/reminders', token)).body.data).toMatchObject({ ...valid, days: [1, 3, 5] });
    });

    it.each([
      ['time', { time: '24:00' }],
      ['time', { time: '8pm' }],
      ['timeZone', { timeZone: 'Mars/Olympus_Mons' }],
      ['timeZone', { timeZone: 42 }],
      ['days', { days: [0] }],
      ['days', { days: [8] }],
      ['days', { days: [1, 1] }],
      ['days', { days: [] }],
      ['days', { days: [2.5] }],
      ['channels', { channels: ['sms'] }],
      ['enabled', { enabled: 'yes' }],
    ])('answers 400 naming %s for %j', async (field, change) => {
      const { token } = await account();
      const answer = await call('PUT', '/settings/reminders', token, { ...valid, ...change });
      expect(answer.status).toBe(400);
      expect(fieldsOf(answer)).toEqual([field]);
      expect(answer.body.message).toContain(field);
    });

    it('refuses a field the body does not have (400)', async () => {
      const { token } = await account();
      expect((await call('PUT', '/settings/reminders', token, { ...valid, hour: 8 })).status).toBe(400);
    });

    it('keeps a channel that cannot deliver yet and says why', async () => {
      const { token } = await account();
      const saved = await call<ReminderSettingsView>('PUT', '/settings/reminders', token, valid);
      expect(saved.body.data?.channels).toEqual(['push', 'email']);
      expect(saved.body.data?.channelStatus).toEqual([
        { channel: 'push', ready: false, problem: 'no-push-device' },
        { channel: 'email', ready: true, problem: null },
      ]);
      expect(REMINDER_CHANNEL_PROBLEMS).toContain('no-push-device');
    });

    it('answers 401 to anonymous callers', async () => {
      expect((await call('GET', '/settings/reminders')).status).toBe(401);
      expect((await call('PUT', '/settings/reminders', undefined, valid)).status).toBe(401);
      expect((await call('POST', '/settings/reminders/devices', undefined, {})).status).toBe(401);
    });
  });

  describe('devices', () => {
    it('registers a subscription, refuses a private endpoint, and removes a device for its owner only', async () => {
      const owner = await account();
      const stranger = await account();
      const push = await startPushReceiver();
      try {
        const refused = await call('POST', '/settings/reminders/devices', owner.token, {
          ...push.subscription,
          endpoint: 'https://10.1.2.3/push/x',
        });
        expect(refused.status).toBe(400);
        expect(refused.body.error?.code).toBe('PUSH_ENDPOINT_REFUSED');

        const added = await call<PushDevice>('POST', '/settings/reminders/devices', owner.token, push.subscription);
        expect(added.status).toBe(201);
        const view = await call<ReminderSettingsView>('GET', '/settings/reminders', owner.token);
        expect(view.body.data?.pushDevices).toBe(1);

        const id = added.body.data?.id ?? '';
        expect((await call('DELETE', `/settings/reminders/devices/${id}`, stranger.token)).status).toBe(404);
        expect((await call('DELETE', `/settings/reminders/devices/${id}`, owner.token)).status).toBe(200);
        expect((await call('DELETE', `/settings/reminders/devices/${id}`, owner.token)).status).toBe(404);
      } finally {
        await push.close();
      }
    });
  });

  describe('a reminder coming due', () => {
    const pushes: PushReceiver[] = [];
    afterAll(() => Promise.all(pushes.map((receiver) => receiver.close())));

    it('reaches a person once by push and e-mail, skips one who wrote today, drops an expired device', async () => {
      const [alice, bob, carol] = await Promise.all([account(), account(), account()]);
      const [alicePush, bobPush, carolPush] = await Promise.all([
        startPushReceiver(),
        startPushReceiver(),
        startPushReceiver(),
      ]);
      pushes.push(alicePush, bobPush, carolPush);
      carolPush.status = 410;
      for (const [person, receiver] of [
        [alice, alicePush],
        [bob, bobPush],
        [carol, carolPush],
      ] as const) {
        expect((await call('POST', '/settings/reminders/devices', person.token, receiver.subscription)).status).toBe(
          201,
        );
      }
      // The next minute in Paris, with room for the saves below.
      const due = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
      const { time, date } = localParts(due, ZONE);
      const lastYear = `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
      const twoYearsAgo = `${Number(date.slice(0, 4)) - 2}${date.slice(4)}`;
      for (const day of [lastYear, twoYearsAgo]) {
        const written = await call<Memory>('POST', '/memories/memory', alice.token, {
          ...memoryBody('Long ago'),
          date: day,
        });
        expect(written.status).toBe(201);
        await writtenOn(written.body.data?.id ?? '', day);
      }
      expect((await call<Memory>('POST', '/memories/memory', bob.token, { ...memoryBody('Today'), date })).status).toBe(
        201,
      );

      const settings = { enabled: true, time, timeZone: ZONE, days: [1, 2, 3, 4, 5, 6, 7] };
      for (const [person, channels] of [
        [alice, ['push', 'email']],
        [bob, ['push', 'email']],
        [carol, ['push']],
      ] as const) {
        const saved = await call<ReminderSettingsView>('PUT', '/settings/reminders', person.token, {
          ...settings,
          channels,
        });
        expect(saved.body.data?.nextReminderAt).toBe(due.toISOString());
      }

      await eventually(
        async () => [alicePush.received.length, smtp.messages.length, (await devicesOf(carol.token)) ?? 1],
        ([pushed, mailed, carolDevices]) => pushed > 0 && mailed > 0 && carolDevices === 0,
        1500,
      );
      const [message] = alicePush.received;
      const payload = JSON.parse(message.payload) as ReminderPushMessage;
      expect(payload).toMatchObject({ type: 'reminder', title: 'Time to write', date });
      expect(payload.body).toContain('2 memories on this day');
      const prompt = payload.body.split('\n')[0];
      expect(payload.url).toBe(`/memory/create?${new URLSearchParams({ prompt }).toString()}`);
      expect(message.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      // The dashboard's prompt of the day is the reminder's.
      const today = await call<Prompt>('GET', `/prompts/today?date=${date}`, alice.token);
      expect(today.body.data?.text).toBe(prompt);

      const mail = smtp.messages.find((sent) => sent.to && JSON.stringify(sent.to).includes(alice.email));
      expect(mail?.subject).toBe(`Time to write: ${prompt}`);
      expect(mail?.text).toContain('You have 2 memories on this day.');
      expect(mail?.text).toContain(`${PUBLIC_URL}/memory/create?`);
      const header = (name: string) => mail?.headerLines.find((line) => line.key === name)?.line ?? '';
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const unsubscribe = /<(https:\/\/[^>]+)>/.exec(header('list-unsubscribe'))?.[1] ?? '';
      expect(unsubscribe.startsWith(`${PUBLIC_URL}/api/reminders/unsubscribe?token=`)).toBe(true);

      // Once, with two replicas and duplicate jobs: a few more seconds bring nothing more; Bob wrote today.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(alicePush.received).toHaveLength(1);
      expect(smtp.messages.filter((sent) => JSON.stringify(sent.to).includes(alice.email))).toHaveLength(1);
      expect(bobPush.received).toHaveLength(0);
      expect(smtp.messages.filter((sent) => JSON.stringify(sent.to).includes(bob.email))).toHaveLength(0);
      expect(carolPush.received).toHaveLength(1);

      // The one-click unsubscribe as a mail client sends it (RFC 8058): no sign-in, a form body.
      const oneClick = await fetch(
        `${system.api}${new URL(unsubscribe).pathname.replace(/^\/api/, '')}${new URL(unsubscribe).search}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        },
      );
      expect(oneClick.status).toBe(200);
      const after = await call<ReminderSettingsView>('GET', '/settings/reminders', alice.token);
      expect(after.body.data).toMatchObject({ enabled: true, channels: ['push'] });
      const again = await fetch(`${system.api}/reminders/unsubscribe?token=${'x'.repeat(43)}`, { method: 'POST' });
      expect(again.status).toBe(404);
    }, 180000);

    /** As if the memory had been written on its own day (this test writes it now): not a memory of today. */
    async function writtenOn(id: string, day: string): Promise<void> {
      const client = new Client({ connectionString: postgres.url });
      await client.connect();
      try {
        await client.query(
          `UPDATE memory.memories SET created_at = $2::date + time '12:00', updated_at = $2::date + time '12:00'
           WHERE id = $1`,
          [id, day],
        );
      } finally {
        await client.end();
      }
    }

    async function devicesOf(token: string): Promise<number | undefined> {
      return (await call<ReminderSettingsView>('GET', '/settings/reminders', token)).body.data?.pushDevices;
    }
  });

  describe('authorization matrix', () => {
    type Role = 'owner' | 'stranger' | 'anonymous' | 'read token' | 'write token';
    const ROLES: Role[] = ['owner', 'stranger', 'anonymous', 'read token', 'write token'];
    const settings = { enabled: false, time: '08:00', timeZone: 'UTC', days: [1], channels: ['push'] };
    const template = {
      contentJson: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }] },
    };

    it('answers each new route as the matrix says for each caller', async () => {
      const owner = await account();
      const stranger = await account();
      const tokenOf = async (scope: 'read' | 'write') =>
        (await call<{ token: string }>('POST', '/tokens', owner.token, { name: scope, scope })).body.data?.token ?? '';
      const bearer: Record<Role, string | undefined> = {
        owner: owner.token,
        stranger: stranger.token,
        anonymous: undefined,
        'read token': await tokenOf('read'),
        'write token': await tokenOf('write'),
      };
      const push = await startPushReceiver();
      try {
        // Each row: the request (made fresh for every caller) and the status each caller gets.
        const rows: Array<[string, () => Promise<[string, string, unknown?]>, Record<Role, number>]> = [
          [
            'GET settings',
            async () => ['GET', '/settings/reminders'],
            { owner: 200, stranger: 200, anonymous: 401, 'read token': 403, 'write token': 403 },
          ],
          [
            'PUT settings',
            async () => ['PUT', '/settings/reminders', settings],
            { owner: 200, stranger: 200, anonymous: 401, 'read token': 403, 'write token': 403 },
          ],
          [
            'POST device',
            async () => ['POST', '/settings/reminders/devices', push.subscription],
            { owner: 201, stranger: 201, anonymous: 401, 'read token': 403, 'write token': 403 },
          ],
          [
            "DELETE the owner's device",
            async () => {
              const added = await call<PushDevice>(
                'POST',
                '/settings/reminders/devices',
                owner.token,
                push.subscription,
              );
              return ['DELETE', `/settings/reminders/devices/${added.body.data?.id}`];
            },
            { owner: 200, stranger: 404, anonymous: 401, 'read token': 403, 'write token': 403 },
          ],
          [
            'GET prompts',
            async () => ['GET', '/prompts'],
            { owner: 200, stranger: 200, anonymous: 401, 'read token': 200, 'write token': 200 },
          ],
          [
            'GET random',
            async () => ['GET', '/prompts/random?category=family'],
            { owner: 200, stranger: 200, anonymous: 401, 'read token': 200, 'write token': 200 },
          ],
          [
            'GET today',
            async () => ['GET', '/prompts/today?date=2026-01-02'],
            { owner: 200, stranger: 200, anonymous: 401, 'read token': 200, 'write token': 200 },
          ],
          [
            'POST prompt',
            async () => ['POST', '/prompts', { text: 'Matrix' }],
            { owner: 201, stranger: 201, anonymous: 401, 'read token': 403, 'write token': 201 },
          ],
          [
            "DELETE the owner's prompt",
            async () => {
              const added = await call<Prompt>('POST', '/prompts', owner.token, { text: 'Mine' });
              return ['DELETE', `/prompts/${added.body.data?.id}`];
            },
            { owner: 200, stranger: 404, anonymous: 401, 'read token': 403, 'write token': 200 },
          ],
          [
            'GET template',
            async () => ['GET', '/templates/personal'],
            { owner: 200, stranger: 200, anonymous: 401, 'read token': 200, 'write token': 200 },
          ],
          [
            'PUT template',
            async () => ['PUT', '/templates/personal', template],
            { owner: 200, stranger: 200, anonymous: 401, 'read token': 403, 'write token': 200 },
          ],
          [
            'POST unsubscribe (public)',
            async () => ['POST', `/reminders/unsubscribe?token=${'a'.repeat(43)}`],
            { owner: 404, stranger: 404, anonymous: 404, 'read token': 404, 'write token': 404 },
          ],
        ];
        const answers: string[] = [];
        const expected: string[] = [];
        for (const [name, request, statuses] of rows) {
          for (const role of ROLES) {
            const [method, url, body] = await request();
            answers.push(`${name} as ${role}: ${(await call(method, url, bearer[role], body)).status}`);
            expected.push(`${name} as ${role}: ${statuses[role]}`);
          }
        }
        expect(answers).toEqual(expected);
      } finally {
        await push.close();
      }
    });
  });

  describe('prompts and the personal template', () => {
    it('lists at least 100 built-in prompts in categories, and the caller’s own first', async () => {
      const { token } = await account();
      const added = await call<Prompt>('POST', '/prompts', token, {
        text: 'What did the garden say?',
        category: 'nature',
      });
      expect(added.status).toBe(201);
      const prompts = (await call<Prompt[]>('GET', '/prompts', token)).body.data ?? [];
      expect(prompts[0]).toEqual({
        id: added.body.data?.id,
        text: 'What did the garden say?',
        category: 'nature',
        builtIn: false,
      });
      const builtIn = prompts.filter((prompt) => prompt.builtIn);
      expect(builtIn.length).toBeGreaterThanOrEqual(100);
      expect(new Set(builtIn.map((prompt) => prompt.category)).size).toBeGreaterThanOrEqual(5);
      expect(new Set(builtIn.map((prompt) => prompt.text)).size).toBe(builtIn.length);
    });

    it('picks a random prompt of a category, and keeps today’s prompt for the day', async () => {
      const { token } = await account();
      for (let draw = 0; draw < 5; draw++) {
        expect((await call<Prompt>('GET', '/prompts/random?category=travel', token)).body.data?.category).toBe(
          'travel',
        );
      }
      expect((await call('GET', '/prompts/random?category=cooking', token)).status).toBe(400);
      const first = await call<Prompt>('GET', '/prompts/today?date=2026-05-01', token);
      const second = await call<Prompt>('GET', '/prompts/today?date=2026-05-01', token);
      expect(first.body.data).toEqual(second.body.data);
      expect((await call('GET', '/prompts/today?date=2026-02-30', token)).status).toBe(400);
    });

    it('deletes one’s own prompt only: a built-in one is 403, another person’s 404', async () => {
      const owner = await account();
      const stranger = await account();
      const added = await call<Prompt>('POST', '/prompts', owner.token, { text: 'Mine' });
      const id = added.body.data?.id ?? '';
      expect((await call('DELETE', '/prompts/builtin-travel-1', owner.token)).status).toBe(403);
      expect((await call('DELETE', `/prompts/${id}`, stranger.token)).status).toBe(404);
      expect((await call('DELETE', `/prompts/${id}`, owner.token)).status).toBe(200);
      expect((await call('DELETE', `/prompts/${id}`, owner.token)).status).toBe(404);
      expect((await call('POST', '/prompts', owner.token, { text: '   ' })).status).toBe(400);
      expect((await call('POST', '/prompts', owner.token, { text: 'x'.repeat(301) })).status).toBe(400);
    });

    it('keeps a personal template as a sanitised document, refuses images, and removes an empty one', async () => {
      const { token } = await account();
      expect((await call<MemoryTemplate>('GET', '/templates/personal', token)).body.data).toEqual({
        contentJson: '',
        updatedAt: null,
      });
      const document = {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2, onclick: 'x' }, content: [{ type: 'text', text: 'Gratitude' }] },
        ],
      };
      const saved = await call<MemoryTemplate>('PUT', '/templates/personal', token, { contentJson: document });
      expect(saved.status).toBe(200);
      expect(saved.body.data?.contentJson).toContain('Gratitude');
      expect(saved.body.data?.contentJson).not.toContain('onclick');
      const withImage = {
        type: 'doc',
        content: [{ type: 'image', attrs: { src: '/api/files/users/u/a.png' } }, { type: 'paragraph' }],
      };
      expect((await call('PUT', '/templates/personal', token, { contentJson: withImage })).status).toBe(400);
      const removed = await call<MemoryTemplate>('PUT', '/templates/personal', token, {
        contentJson: { type: 'doc', content: [{ type: 'paragraph' }] },
      });
      expect(removed.body.data).toEqual({ contentJson: '', updatedAt: null });
    });
  });
});
