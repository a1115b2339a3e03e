import type { CleanupImagesPayload, CleanupImagesResult, PresignedUrl, PresignedUrlPayload } from './upload-payloads';
import type { UPLOAD_SUBJECTS } from './upload-subjects';

export interface UploadBusRequestMap {
  [UPLOAD_SUBJECTS.createGrant]: { payload: PresignedUrlPayload; result: PresignedUrl };
  [UPLOAD_SUBJECTS.cleanup]: { payload: CleanupImagesPayload; result: CleanupImagesResult };
}
