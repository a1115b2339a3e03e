export { AuthServiceModule, AUTH_SCHEMA } from './auth-service.module';
export { AuthConfig, loadAuthConfig } from './config/auth.config';
export { AUTH_MIGRATIONS } from './database/auth.migrations';
export { authServiceDescriptor } from './auth.service-descriptor';
export { createResetLinkFor, runResetLinkCommand } from './recovery/reset-link.command';
export { runAdminCommand } from './admin/admin-role.command';
