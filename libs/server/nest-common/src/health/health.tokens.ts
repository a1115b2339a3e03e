export const READINESS_CHECKS = Symbol('READINESS_CHECKS');
export const SERVICE_NAME = Symbol('SERVICE_NAME');
