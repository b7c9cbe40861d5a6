/** The browser's session: who is logged in. Shared by every feature, so it lives outside them. */
export { ServerSessionContext, SessionProvider, useSession, NoUserError, type Session, type SessionState } from './session-provider';
export { RequireLogin } from './require-login';
export { useReturnIntent } from './return-intent';
export { afterLoginPath, isSameSitePath } from './auth-state';
export { clearLocalData, localKey, outboxKey, readLocal, unsentCount, writeLocal } from './local-data';
