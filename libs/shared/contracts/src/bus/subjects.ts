/**
 * Bus subjects. Every request/reply subject is `<service>.<entity>.<verb>` (e.g. `memory.memories.list`);
 * events use a past-tense verb (e.g. `memory.memory.deleted`). New subjects are added here, never as string
 * literals in a service, so that the gateway and the services cannot drift apart.
 */
export const SERVICE_NAMES = ['auth', 'memory', 'upload', 'notify'] as const;

/** A back-end service that answers on the bus. */
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The shape every subject must have: `<service>.<entity>.<verb>`. */
export type SubjectPattern = `${ServiceName}.${string}.${string}`;

export const SUBJECTS = {
  auth: {
    healthCheck: 'auth.health.check',
    register: 'auth.users.register',
    login: 'auth.sessions.login',
    refresh: 'auth.sessions.refresh',
    logout: 'auth.sessions.logout',
    getProfile: 'auth.profile.get',
    updateProfile: 'auth.profile.update',
    changePassword: 'auth.password.change',
    forgotPassword: 'auth.password.forgot',
    resetPassword: 'auth.password.reset',
    verifyEmail: 'auth.email.verify',
    resendVerification: 'auth.email.resend',
  },
  memory: {
    healthCheck: 'memory.health.check',
  },
  upload: {
    healthCheck: 'upload.health.check',
  },
  notify: {
    healthCheck: 'notify.health.check',
  },
} as const satisfies Record<ServiceName, Record<string, SubjectPattern>>;

/** The health-check subject of a service, for code that iterates over every service. */
export const HEALTH_CHECK_SUBJECTS = {
  auth: SUBJECTS.auth.healthCheck,
  memory: SUBJECTS.memory.healthCheck,
  upload: SUBJECTS.upload.healthCheck,
  notify: SUBJECTS.notify.healthCheck,
} as const satisfies Record<ServiceName, SubjectPattern>;

/** Builds a subject from its parts; the checks keep hand-written subjects in the agreed shape. */
export function subjectOf(service: ServiceName, entity: string, verb: string): SubjectPattern {
  const part = /^[a-z][a-z0-9-]*$/;
  if (!part.test(entity) || !part.test(verb)) {
    throw new Error(`Invalid bus subject part in "${service}.${entity}.${verb}": use lower-case words`);
  }
  return `${service}.${entity}.${verb}`;
}
