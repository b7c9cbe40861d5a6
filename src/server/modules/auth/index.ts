/**
 * The auth module's public face: its plugins and service, the session user's shape, passwords
 * and the sweep of expired sessions. The rest of the server imports only
 * this file.
 */
export { accountRoutes, authRoutes } from './routes';
export { createAuthService, insertAccount, LIMITS, type AuthDeps, type AuthService, type NewAccount } from './service';
export { hashPassword, verifyPassword } from './password';
export { presentSessionUser } from './presenter';
// The demo seed writes the few account fields the sign-up form does not take.
export { updateUser } from './repo';
export { scheduleSweep } from './sweep';
export { isSuspended, type SuspensionColumns } from './suspension';
