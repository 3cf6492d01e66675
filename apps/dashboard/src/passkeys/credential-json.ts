import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';

// What the browser posts back from a ceremony: the credential as JSON (@simplewebauthn/browser's shape),
// in a form field. Checked for shape and size here; @simplewebauthn/server checks what it says.

const credential = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(4000) }),
  clientExtensionResults: z.looseObject({}),
});

function parse(field: unknown) {
  if (typeof field !== 'string' || field.length > 12_000) return null;
  try {
    const parsed = credential.safeParse(JSON.parse(field));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const registrationResponse = (field: unknown) => parse(field) as RegistrationResponseJSON | null;
export const authenticationResponse = (field: unknown) => parse(field) as AuthenticationResponseJSON | null;
