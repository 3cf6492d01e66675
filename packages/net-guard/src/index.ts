export { blockedReason } from './address-policy.ts';
export { BlockedAddressError } from './blocked-address-error.ts';
export { assertAllowedLiteral, connectionLookup, guardedLookup } from './guarded-lookup.ts';
export { guardedTlsConnect } from './guarded-tls.ts';
export {
  type FailedExchange,
  type GuardedRequest,
  type GuardedResponse,
  guardedRequest,
  type Hop,
  RequestFailed,
} from './http-client.ts';
export { NetworkError, type NetworkErrorCode, networkErrorCode, toNetworkError } from './network-error.ts';
export { allowsAnyAddress, type GuardPolicy, resolveAllowed, sourceOptions } from './policy.ts';
export { checkTarget, privateName, type TargetCheck, type TargetPolicy } from './target-check.ts';
