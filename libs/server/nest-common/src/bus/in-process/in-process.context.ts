import { BaseRpcContext } from '@nestjs/microservices';

/** The RPC context of a message delivered by the in-process broker: just its subject. */
export class InProcessContext extends BaseRpcContext<[string]> {
  getSubject(): string {
    return this.args[0];
  }
}
