import { Module } from '@nestjs/common';
import { AdminGuard } from './admin.guard';
import { AdminSignUpController } from './admin-sign-up.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';

/** /api/admin/*: instance administration, admins only (uses the global BusClient and the account status). */
@Module({
  controllers: [AdminSignUpController, AdminUsersController],
  providers: [AdminGuard, AdminUsersService],
})
export class AdminGatewayModule {}
