import { ADMIN_SUBJECTS } from '../admin/instance-admin-subjects';
import { JOURNAL_SUBJECTS } from '../journals/journal-subjects';
import { MEMORY_EVENTS, MEMORY_SUBJECTS, USER_LOOKUP_SUBJECT } from '../memories/memory-subjects';
import { SHARE_SUBJECTS } from '../memories/memory-share-payloads';
import { REMINDER_SUBJECTS } from '../reminders/reminder-subjects';
import { TOKEN_SUBJECTS } from '../tokens/personal-access-tokens';
import { TRANSFER_SUBJECTS } from '../transfer/transfer-subjects';
import { USER_EVENTS, USER_SUBJECTS } from '../users/user-subjects';
import { SERVICE_NAMES, SUBJECTS, type SubjectPattern } from './subjects';

/**
 * Who connects to NATS in the split deployment, each as a user of its own: the gateway and each service. Every
 * replica of a part signs in as that part.
 */
export const BUS_USERS = ['gateway', ...SERVICE_NAMES] as const;
export type BusUser = (typeof BUS_USERS)[number];

/** Every event on the bus (a new event is added here, so that no part but its publisher may publish it). */
export const BUS_EVENTS = [
  USER_EVENTS.deleted,
  MEMORY_EVENTS.created,
  MEMORY_EVENTS.updated,
  MEMORY_EVENTS.deleted,
] as const satisfies readonly SubjectPattern[];

/**
 * Requests only a service sends another, never the gateway: no request of a person leads to them as such, and each
 * trusts the user id it carries for a whole journal or another person's files.
 */
export const SERVICE_ONLY_SUBJECTS = [
  USER_SUBJECTS.deletions,
  USER_SUBJECTS.profileImagesReferenced,
  MEMORY_SUBJECTS.imagesReferenced,
  MEMORY_SUBJECTS.imageReadable,
  TRANSFER_SUBJECTS.exportPage,
  TRANSFER_SUBJECTS.importPage,
  USER_SUBJECTS.mailAddress,
  REMINDER_SUBJECTS.context,
] as const satisfies readonly SubjectPattern[];

/** What one part may do on the bus; subjects may use NATS wildcards (`auth.>`). */
export interface BusGrant {
  /** Request subjects it sends. */
  sends: readonly string[];
  /** Subjects it may never publish, even where `sends` has a wildcard over them. */
  neverSends: readonly string[];
  /** Events it publishes. */
  publishes: readonly SubjectPattern[];
  /** Subjects it subscribes to: its own requests and the events it follows. */
  listens: readonly string[];
}

/**
 * The one table of who may say what on the bus (the NATS authorization of every deployment is written from it):
 * only the gateway sends the requests of a person, each service answers only what it owns and publishes only its own
 * events, and asks another service only what it needs. Replies need no entry: a part may answer the requests it
 * received, and reads only the replies to its own requests (its inbox, see busInboxPrefix).
 */
export const BUS_GRANTS: Record<BusUser, BusGrant> = {
  gateway: {
    sends: SERVICE_NAMES.map((service) => `${service}.>`),
    neverSends: [...SERVICE_ONLY_SUBJECTS, ...BUS_EVENTS],
    publishes: [],
    listens: [],
  },
  auth: { sends: [], neverSends: [], publishes: [USER_EVENTS.deleted], listens: ['auth.>'] },
  memory: {
    sends: [USER_SUBJECTS.deletions],
    neverSends: [],
    publishes: [MEMORY_EVENTS.created, MEMORY_EVENTS.updated, MEMORY_EVENTS.deleted],
    listens: ['memory.>', USER_EVENTS.deleted],
  },
  // Its own HTTP routes (files, export, import) act for the person whose token they verified, if their account is
  // still enabled.
  upload: {
    sends: [
      ADMIN_SUBJECTS.accountStatus,
      USER_SUBJECTS.deletions,
      USER_SUBJECTS.profileImagesReferenced,
      USER_SUBJECTS.findByEmail,
      USER_LOOKUP_SUBJECT,
      SUBJECTS.auth.getProfile,
      MEMORY_SUBJECTS.imagesReferenced,
      MEMORY_SUBJECTS.imageReadable,
      MEMORY_SUBJECTS.list,
      MEMORY_SUBJECTS.get,
      JOURNAL_SUBJECTS.list,
      JOURNAL_SUBJECTS.members,
      JOURNAL_SUBJECTS.key,
      SHARE_SUBJECTS.connected,
      TRANSFER_SUBJECTS.exportPage,
      TRANSFER_SUBJECTS.importPage,
      TOKEN_SUBJECTS.verify,
    ],
    neverSends: [],
    publishes: [],
    listens: ['upload.>', USER_EVENTS.deleted, MEMORY_EVENTS.deleted],
  },
  // Follows what happens to memories and accounts, and delivers it outside; for a reminder it asks where the person's
  // mail goes and what their day held.
  notify: {
    sends: [USER_SUBJECTS.deletions, USER_SUBJECTS.mailAddress, REMINDER_SUBJECTS.context],
    neverSends: [],
    publishes: [],
    listens: ['notify.>', USER_EVENTS.deleted, MEMORY_EVENTS.created, MEMORY_EVENTS.updated, MEMORY_EVENTS.deleted],
  },
};

/**
 * Where a part receives the replies to its requests: `_INBOX.<user>.<id>`, so that the bus lets each part read its
 * own replies (a login's tokens, a journal's pages) and nobody else's.
 */
export function busInboxPrefix(user: string): string {
  return `_INBOX.${user}`;
}

/** The environment variable that holds a part's NATS password, for the nats-server and for that part. */
export function natsPasswordVariable(user: BusUser): string {
  return `NATS_${user.toUpperCase()}_PASSWORD`;
}

/** `name: [...]`, one subject a line, at the given indentation. */
function list(name: string, subjects: readonly string[], indent: string): string[] {
  return [`${indent}${name}: [`, ...subjects.map((subject) => `${indent}  ${JSON.stringify(subject)}`), `${indent}]`];
}

function userBlock(user: BusUser): string[] {
  const grant = BUS_GRANTS[user];
  const publishes = [...grant.sends, ...grant.publishes];
  return [
    '    {',
    `      user: ${user}`,
    `      password: $${natsPasswordVariable(user)}`,
    '      permissions: {',
    '        publish: {',
    // An empty allow list would allow everything.
    ...(publishes.length > 0 ? list('allow', publishes, '          ') : ['          deny: [">"]']),
    ...(grant.neverSends.length > 0 ? list('deny', grant.neverSends, '          ') : []),
    '        }',
    '        subscribe: {',
    ...list('allow', [...grant.listens, `${busInboxPrefix(user)}.>`], '          '),
    '        }',
    // A service answers the requests it received (their reply subjects), and publishes nothing else unless granted.
    ...(user === 'gateway' ? [] : ['        allow_responses: true']),
    '      }',
    '    }',
  ];
}

/**
 * The `authorization` block of a nats-server configuration that gives each part of Memories its own user, with the
 * permissions of BUS_GRANTS. Passwords are read from the server's environment (NATS_<USER>_PASSWORD), so the file
 * itself holds no secret and is the same in every deployment.
 */
export function natsAuthorization(): string {
  return ['authorization {', '  users = [', ...BUS_USERS.flatMap(userBlock), '  ]', '}', ''].join('\n');
}

/**
 * The environment of a nats-server that reads natsAuthorization(): each password in double quotes, because NATS reads
 * the variable as a value of its own settings (unquoted, `1e5...` would be a number and `12-34` a date).
 */
export function natsServerEnvironment(passwords: Readonly<Record<BusUser, string>>): Record<string, string> {
  return Object.fromEntries(BUS_USERS.map((user) => [natsPasswordVariable(user), `"${passwords[user]}"`]));
}
