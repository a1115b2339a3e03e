import { currentRequestScope } from '../logging/request-scope';
import { recordGetter } from '../telemetry/trace-context';
import { ReceivedMessages } from './bus-telemetry';

// Tracing is off in this file (nothing turns it on), as it is by default.
describe('ReceivedMessages without tracing', () => {
  const envelope = { correlationId: 'corr-received', payload: {} };
  const scopeWhileHandling = (received: ReceivedMessages) =>
    received.handle('memory.memories.list', false, envelope, undefined, recordGetter, async () => {
      await Promise.resolve();
      return currentRequestScope();
    });

  it('handles a message with no scope: a scope would cost every promise of the handler', async () => {
    await expect(scopeWhileHandling(new ReceivedMessages('memory'))).resolves.toBeUndefined();
  });

  it("keeps the request's scope for a service that asks for it on every message", async () => {
    await expect(scopeWhileHandling(new ReceivedMessages('auth', true))).resolves.toEqual({
      correlationId: 'corr-received',
      service: 'auth',
    });
  });
});
