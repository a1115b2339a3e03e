import { Injectable } from '@nestjs/common';

/** The time, as an edge of the service, so that expiry rules can be tested without waiting. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
