/**
 * What travels on the bus with every request and event. The gateway fills `userId` from the verified access
 * token (services trust only this, never an id from a client body) and `correlationId` from the HTTP request,
 * so that one user action can be followed through every service's logs.
 */
export interface MessageEnvelope<TPayload> {
  correlationId: string;
  userId?: string;
  payload: TPayload;
}

/** The context part of an envelope: who asks, and which request this belongs to. */
export type MessageContext = Omit<MessageEnvelope<unknown>, 'payload'>;

/** The context of a request whose user the gateway authenticated: every call that acts for a user gets this. */
export type CallerContext = MessageContext & { userId: string };
