import { UPLOAD_HTTP_API } from '../uploads/upload-http-api';
import type { ServiceHttpApi } from './service-http-api';

/** The HTTP routes services serve themselves; the gateway documents each of them with its own routes. */
export const SERVICE_HTTP_APIS: readonly ServiceHttpApi[] = [UPLOAD_HTTP_API];
