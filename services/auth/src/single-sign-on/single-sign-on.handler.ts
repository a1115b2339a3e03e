import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  SINGLE_SIGN_ON_SUBJECTS,
  type LinkedIdentity,
  type SignInCallbackOutcome,
  type SignInOptions,
  type SignInStarted,
} from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import { LinkedIdentitiesService } from './linked-identities.service';
import {
  LinkStartEnvelopeDto,
  LinkedIdentitiesEnvelopeDto,
  LinkedIdentityIdEnvelopeDto,
  SignInCallbackEnvelopeDto,
  SignInOptionsEnvelopeDto,
  SignInStartEnvelopeDto,
} from './single-sign-on-envelope.dto';
import { SingleSignOnService } from './single-sign-on.service';

/** Single sign-on and linked sign-ins on the bus: one line each. */
@BusHandler()
export class SingleSignOnHandler {
  constructor(
    private readonly singleSignOn: SingleSignOnService,
    private readonly identities: LinkedIdentitiesService,
  ) {}

  @MessagePattern(SINGLE_SIGN_ON_SUBJECTS.signInOptions)
  signInOptions(@Payload() _message: SignInOptionsEnvelopeDto): Promise<SignInOptions> {
    return this.singleSignOn.signInOptions();
  }

  @MessagePattern(SINGLE_SIGN_ON_SUBJECTS.start)
  start(@Payload() message: SignInStartEnvelopeDto): Promise<SignInStarted> {
    return this.singleSignOn.start(message.payload);
  }

  @MessagePattern(SINGLE_SIGN_ON_SUBJECTS.startLink)
  startLink(@Payload() message: LinkStartEnvelopeDto): Promise<SignInStarted> {
    return this.singleSignOn.startLink(message.userId, message.payload);
  }

  @MessagePattern(SINGLE_SIGN_ON_SUBJECTS.complete)
  complete(@Payload() message: SignInCallbackEnvelopeDto): Promise<SignInCallbackOutcome> {
    return this.singleSignOn.complete(message.payload);
  }

  @MessagePattern(SINGLE_SIGN_ON_SUBJECTS.listIdentities)
  listIdentities(@Payload() message: LinkedIdentitiesEnvelopeDto): Promise<LinkedIdentity[]> {
    return this.identities.list(message.userId);
  }

  @MessagePattern(SINGLE_SIGN_ON_SUBJECTS.unlinkIdentity)
  unlinkIdentity(@Payload() message: LinkedIdentityIdEnvelopeDto): Promise<{ unlinked: true }> {
    return this.identities.unlink(message.userId, message.payload.identityId);
  }
}
