import { Controller, UseFilters, UsePipes, applyDecorators } from '@nestjs/common';
import { RpcDomainExceptionFilter } from '../errors/rpc-exception.filter';
import { createValidationPipe } from '../validation/validation.preset';

/**
 * Marks a class as a bus entry point (`<domain>.handler.ts`): payloads are validated with the shared preset and
 * every failure leaves as `{ code, message, detail }`, whatever the transport.
 */
export function BusHandler(): ClassDecorator {
  return applyDecorators(Controller(), UsePipes(createValidationPipe()), UseFilters(new RpcDomainExceptionFilter()));
}
