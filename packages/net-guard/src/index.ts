export { blockedReason } from './address-policy.ts';
export { assertAllowedLiteral, BlockedAddressError, guardedLookup } from './guarded-lookup.ts';
export { checkTarget, type TargetCheck, type TargetPolicy } from './target-check.ts';
