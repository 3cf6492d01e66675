export { type AlertBody, type ChannelNoticeBody, type DeliveryBody, isNotice } from './alert-body.ts';
export { type DeployCheckedBody, figureWords, isDeployChecked, worseWords } from './deploy-message.ts';
export { isRumAlert, type RumAlertBody, rumFigure, rumMessage } from './rum-message.ts';
export { type AlertMessage, type Fact, messageOf, type Severity, when } from './alert-message.ts';
export {
  type AttemptOptions,
  type AttemptResult,
  attemptClock,
  postAttempt,
  retryAfterMs,
  SNIPPET_BYTES,
} from './attempt.ts';
export {
  CHANNEL_FIELDS,
  CHANNEL_TYPES,
  type ChannelSecret,
  type ChannelSettings,
  type ChannelType,
  channelSealContext,
  REDACTED,
} from './channel-types.ts';
export { type Mailer, smtpMailer } from './mailer.ts';
export { discordBody } from './render/discord.ts';
export { emailContent } from './render/email.ts';
export { confirmationEmail } from './render/confirmation.ts';
export {
  PAGERDUTY_SEVERITIES,
  type PagerDutyEvent,
  type PagerDutySeverity,
  pagerDutyEvent,
} from './render/pagerduty.ts';
export { SLACK_LIMITS, slackBody } from './render/slack.ts';
export { adaptiveCard, teamsBody } from './render/teams.ts';
export { alertRetryDelay, classifyAlert, DEFAULT_ALERT_RETRY_BASE_MS } from './retry-policy.ts';
export {
  callbackHeaders,
  type ChannelToSend,
  channelToSend,
  PAGERDUTY_EVENTS_URL,
  type SendDeps,
  sendToChannel,
  USER_AGENT,
} from './send-to-channel.ts';
