export { signingSecrets, type TeamWebhookSecrets } from './signing-secrets.ts';
export {
  DEFAULT_OVERLAP_SECONDS,
  generateWebhookSecret,
  MAX_OVERLAP_SECONDS,
  type RotateOptions,
  removeWebhookSecret,
  rotateWebhookSecret,
  WebhookSecretError,
  type WebhookSecretErrorCode,
  type WebhookSecretStatus,
  webhookSecretStatus,
} from './webhook-secret.ts';
