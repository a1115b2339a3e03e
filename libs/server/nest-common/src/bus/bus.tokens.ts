export const BUS_OPTIONS = Symbol('BUS_OPTIONS');
export const BUS_CLIENT_PROXY = Symbol('BUS_CLIENT_PROXY');
