import { type AttemptOptions, type AttemptResult, callbackHeaders, postAttempt } from '@pageprobe/alert-channels';

export interface CallbackRequest {
  url: string;
  deliveryId: string;
  event: string;
  body: string;
  /** The team's secrets at the time of this attempt, current first; none sends no signature. */
  secrets: readonly string[];
}

/** One attempt: POST the stored bytes, signed afresh (postAttempt says how it is guarded and bounded). */
export function postCallback(request: CallbackRequest, options: AttemptOptions): Promise<AttemptResult> {
  const delivery = { id: request.deliveryId, event: request.event, payload: request.body };
  return postAttempt(request.url, request.body, callbackHeaders(delivery, request.secrets), options);
}

/** Network errors, timeouts and 5xx get the one retry; 2xx is done; 3xx and 4xx are final. */
export function classify(result: AttemptResult): 'delivered' | 'retry' | 'final' {
  if (result.statusCode === null) return result.blocked ? 'final' : 'retry';
  if (result.statusCode >= 200 && result.statusCode < 300) return 'delivered';
  if (result.statusCode >= 500) return 'retry';
  return 'final';
}
