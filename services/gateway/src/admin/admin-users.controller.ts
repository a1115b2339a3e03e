import { Body, Controller, Get, Param, Patch, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ADMIN_ERROR_CODES, type AdminUser, type ApiSuccess, type CallerContext } from '@memories/contracts';
import { Caller } from '../http/caller.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { AdminGuard } from './admin.guard';
import { AdminUserIdParams, AdminUserQueryDto, AdminUserUpdateBodyDto } from './admin-request.dto';
import { AdminUserDto } from './admin-response.dto';
import { AdminUsersService } from './admin-users.service';

/** /api/admin/users: the instance's accounts, for admins only. */
@ApiTags('admin')
@Controller('admin/users')
@UseGuards(AdminGuard)
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @ApiRoute({
    summary: 'The accounts of the instance, oldest first, with their role, activity, memories and storage',
    data: [AdminUserDto],
    paginated: true,
  })
  list(@Caller() caller: CallerContext, @Query() query: AdminUserQueryDto): Promise<ApiSuccess<AdminUser[]>> {
    return this.users.list(caller, query);
  }

  @Patch(':id')
  @ApiRoute({
    summary: 'Disable or enable an account, change its role or storage quota, or vouch for its address',
    description:
      'Disabling revokes every session of the account at once; its access tokens are refused within ' +
      'ACCOUNT_STATUS_CACHE_SECONDS (30 s). The last enabled admin can be neither demoted nor disabled (409).',
    data: AdminUserDto,
    errors: [ADMIN_ERROR_CODES.ACCOUNT_NOT_FOUND, ADMIN_ERROR_CODES.LAST_ADMIN_CONFLICT],
  })
  update(
    @Caller() caller: CallerContext,
    @Param() { id }: AdminUserIdParams,
    @Body() body: AdminUserUpdateBodyDto,
  ): Promise<ApiSuccess<AdminUser>> {
    return this.users.update(caller, id, body);
  }
}
