import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  UPLOAD_ERROR_CODES,
  UPLOAD_SUBJECTS,
  type ApiSuccess,
  type PresignedUrl,
  type CallerContext,
} from '@memories/contracts';
import { BusClient } from '@memories/nest-common';
import { Caller } from '../http/caller.decorator';
import { ok } from '../http/api-response.util';
import { ApiRoute } from '../openapi/api-route.decorator';
import { PresignedUrlBodyDto } from './upload-request.dto';
import { PresignedUrlDto } from './upload-response.dto';

/** Spec section 7, "Uploads". The bytes never pass through the gateway: the browser PUTs them to `uploadUrl`. */
@ApiTags('uploads')
@Controller('upload')
export class UploadsController {
  constructor(private readonly bus: BusClient) {}

  @Post('presigned-url')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Grant one image upload: a signed, expiring uploadUrl and the fileUrl to use in content',
    data: PresignedUrlDto,
    errors: [UPLOAD_ERROR_CODES.unsupportedType],
  })
  async presignedUrl(
    @Caller() caller: CallerContext,
    @Body() body: PresignedUrlBodyDto,
  ): Promise<ApiSuccess<PresignedUrl>> {
    const payload = { fileName: body.fileName, fileType: body.fileType };
    return ok(await this.bus.request(UPLOAD_SUBJECTS.createGrant, payload, caller));
  }
}
