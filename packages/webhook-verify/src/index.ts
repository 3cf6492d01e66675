export {
  DEFAULT_TOLERANCE_SECONDS,
  SIGNATURE_HEADER,
  SignatureVerificationError,
  signPayload,
  type VerifyFailure,
  type VerifyOptions,
  verifySignature,
} from './signature.ts';
