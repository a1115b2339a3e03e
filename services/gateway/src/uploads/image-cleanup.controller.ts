import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CLEANUP_IMAGES_MESSAGE,
  UPLOAD_SUBJECTS,
  type ApiSuccess,
  type CleanupImagesResult,
  type CallerContext,
} from '@memories/contracts';
import { BusClient } from '@memories/nest-common';
import { Caller } from '../http/caller.decorator';
import { ok } from '../http/api-response.util';
import { ApiRoute } from '../openapi/api-route.decorator';
import { CleanupImagesBodyDto } from './upload-request.dto';
import { CleanupImagesResultDto } from './upload-response.dto';

/** Spec section 7, "Uploads": the editor's clean-up after a save. The upload service owns the rule. */
@ApiTags('uploads')
@Controller('memories')
export class ImageCleanupController {
  constructor(private readonly bus: BusClient) {}

  @Post('cleanup-images')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Delete the caller’s uploaded images that no memory of theirs uses; any other URL is ignored',
    data: CleanupImagesResultDto,
  })
  async cleanupImages(
    @Caller() caller: CallerContext,
    @Body() body: CleanupImagesBodyDto,
  ): Promise<ApiSuccess<CleanupImagesResult>> {
    const result = await this.bus.request(UPLOAD_SUBJECTS.cleanup, { imageUrls: body.imageUrls }, caller);
    return ok(result, { message: CLEANUP_IMAGES_MESSAGE });
  }
}
