import { Injectable } from '@nestjs/common';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES, AUTH_ERROR_CODES, AUTH_MESSAGES } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { Clock } from '../crypto/clock';
import type { NewUser, UserRecord } from '../users/user.record';
import { AccountAdmissionRepository } from './account-admission.repository';
import { SignUpService, signupRefusal } from './sign-up.service';

/** Makes a new account if the sign-up rules let this address in (see SignUpService), or says why not. */
@Injectable()
export class AccountAdmission {
  constructor(
    private readonly signUp: SignUpService,
    private readonly admissions: AccountAdmissionRepository,
    private readonly clock: Clock,
  ) {}

  /** `makeUser` runs only once the address may come in (it hashes the password: no work for a refused sign-up). */
  async admit(email: string, inviteToken: string | undefined, makeUser: () => Promise<NewUser>): Promise<UserRecord> {
    const rules = await this.signUp.admissionFor(email, inviteToken);
    const admission = await this.admissions.create(await makeUser(), rules, this.clock.now());
    switch (admission.outcome) {
      case 'created':
        return admission.user;
      case 'email-taken':
        throw new DomainError(AUTH_ERROR_CODES.USER_ALREADY_EXISTS, AUTH_MESSAGES.emailTaken);
      case 'invite-used':
        throw new DomainError(ADMIN_ERROR_CODES.SIGNUP_CLOSED, ADMIN_MESSAGES.inviteInvalid);
      case 'signup-closed':
        throw new DomainError(ADMIN_ERROR_CODES.SIGNUP_CLOSED, signupRefusal(await this.signUp.mode()));
    }
  }
}
