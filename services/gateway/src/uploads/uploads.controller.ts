import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ADMIN_ERROR_CODES,
  JOURNAL_ERROR_CODES,
  STORAGE_SUBJECTS,
  UPLOAD_ERROR_CODES,
  UPLOAD_SUBJECTS,
  type ApiSuccess,
  type PresignedUrl,
  type CallerContext,
  type StorageUsage,
} from '@memories/contracts';
import { BusClient } from '@memories/nest-common';
import { Caller } from '../http/caller.decorator';
import { ok } from '../http/api-response.util';
import { ApiRoute } from '../openapi/api-route.decorator';
import { PresignedUrlBodyDto } from './upload-request.dto';
import { StorageUsageDto } from '../admin/admin-response.dto';
import { PresignedUrlDto } from './upload-response.dto';

/**
 * Spec section 7, "Uploads", and the caller's storage. The bytes never pass through the gateway: the browser PUTs them
 * to `uploadUrl`.
 */
@ApiTags('uploads')
@Controller('upload')
export class UploadsController {
  constructor(private readonly bus: BusClient) {}

  @Post('presigned-url')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Grant one image upload: a signed, expiring uploadUrl and the fileUrl to use in content',
    description:
      'With a storage quota, a grant is refused (413 STORAGE_QUOTA_EXCEEDED, with usedBytes and allowedBytes) when ' +
      'the storage is full or fileSize would not fit. An image of a locked journal is encrypted in the browser and ' +
      'uploaded as application/octet-stream with the journalId of a locked journal you own (404 JOURNAL_NOT_FOUND ' +
      'otherwise; 409 JOURNAL_LOCKED_CONFLICT for a journal that is not locked); it is served back as a download.',
    data: PresignedUrlDto,
    errors: [
      UPLOAD_ERROR_CODES.unsupportedType,
      ADMIN_ERROR_CODES.STORAGE_QUOTA_EXCEEDED,
      JOURNAL_ERROR_CODES.JOURNAL_NOT_FOUND,
      JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT,
    ],
  })
  async presignedUrl(
    @Caller() caller: CallerContext,
    @Body() body: PresignedUrlBodyDto,
  ): Promise<ApiSuccess<PresignedUrl>> {
    const { fileName, fileType, fileSize, journalId } = body;
    const payload = {
      fileName,
      fileType,
      ...(fileSize === undefined ? {} : { fileSize }),
      ...(journalId === undefined ? {} : { journalId }),
    };
    return ok(await this.bus.request(UPLOAD_SUBJECTS.createGrant, payload, caller));
  }

  @Get('usage')
  @ApiRoute({
    summary: 'The storage your images and waiting import archives use, and your quota (null: none)',
    data: StorageUsageDto,
  })
  async usage(@Caller() caller: CallerContext): Promise<ApiSuccess<StorageUsage>> {
    return ok(await this.bus.request(STORAGE_SUBJECTS.mine, {}, caller));
  }
}
