import { Module } from '@nestjs/common';
import { AuthThrottlerGuard } from '../auth/auth-throttler.guard';
import { UserDirectory } from '../memories/user-directory';
import { UserLookupThrottlerGuard } from '../users/user-lookup-throttler.guard';
import { JournalMembersController } from './journal-members.controller';
import { JournalsController } from './journals.controller';
import { JournalsService } from './journals.service';

/** /api/journals/*: journals, their members and memories, locked journals' keys (global BusClient and guard). */
@Module({
  controllers: [JournalsController, JournalMembersController],
  providers: [JournalsService, UserDirectory, AuthThrottlerGuard, UserLookupThrottlerGuard],
})
export class JournalsGatewayModule {}
