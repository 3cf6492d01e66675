export { type TokenPurpose, consumeToken, issueToken, peekToken, TOKEN_LIFETIME_MS } from './account-tokens.ts';
export {
  displayPrefix,
  type GeneratedKey,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  KEY_PREFIX,
  sameHash,
} from './api-key.ts';
export {
  createApiKey,
  KeyExpiryInPast,
  keyRevokedChannel,
  liveKeysMadeBy,
  type RevokedKeys,
  revokeApiKey,
} from './api-keys.ts';
export { type Actor, type AuditInput, audit } from './audit.ts';
export {
  createInvitation,
  findOpenInvitation,
  INVITATION_LIFETIME_MS,
  openInvitation,
  reissueInvitation,
  revokeInvitation,
  useInvitation,
} from './invitations.ts';
export { invitationUrl, invite, NotAnEmail } from './invite.ts';
export { createMail, type Mail } from './mail.ts';
export {
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordProblem,
  prepareDecoy,
  verifyPassword,
} from './passwords.ts';
export {
  addPasskey,
  findPasskey,
  MAX_PASSKEY_NAME_LENGTH,
  passkeyName,
  passkeysOf,
  recordPasskeyUse,
  removePasskey,
  renamePasskey,
} from './passkeys.ts';
export { allows, isRole, mayAssign, type Permission, POLICY, ROLES, rank } from './roles.ts';
export { hashToken, isTokenShaped, newToken } from './secret-token.ts';
export {
  type ActiveSession,
  createSession,
  endSession,
  endSessionsOf,
  readSession,
  renewSession,
  type SessionSettings,
  type SignInMethod,
  sessionsOf,
} from './sessions.ts';
export {
  changeMembership,
  ensureUser,
  findUserByEmail,
  isEmail,
  LastOwner,
  normalizeEmail,
  revokesKeys,
  setMembership,
  teamsOf,
} from './users.ts';
export { createPersonWithTeam, deleteTeam, MAX_TEAM_NAME, renameTeam } from './teams.ts';
