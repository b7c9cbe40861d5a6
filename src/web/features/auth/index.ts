export { SessionProvider, useSession, NoUserError, type Session, type SessionState } from './session-provider';
export { RequireLogin } from './require-login';
export { afterLoginPath, isSameSitePath } from './auth-state';
