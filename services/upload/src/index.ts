export { UploadServiceModule, UPLOAD_SCHEMA } from './upload-service.module';
export { UploadConfig, loadUploadConfig } from './config/upload.config';
export { UPLOAD_MIGRATIONS } from './database/upload.migrations';
export { uploadServiceDescriptor } from './upload.service-descriptor';
export { UploadHttpRoutes } from './files/upload-http.routes';
export { TransferHttpRoutes } from './transfer/http/transfer-http.routes';
