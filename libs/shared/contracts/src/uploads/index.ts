export * from './file-key';
export * from './media-cookie';
export * from './storage-quota';
export * from './upload-bus-request-map';
export * from './upload-error-codes';
export * from './upload-http-api';
export * from './upload-payloads';
export * from './upload-subjects';
