import {
  addPasskey,
  audit,
  MAX_PASSKEY_NAME_LENGTH,
  passkeyName,
  passkeysOf,
  removePasskey,
  renamePasskey,
} from '@pageprobe/accounts';
import { html, type SafeHtml } from '@pageprobe/html';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { keepChallenge, takeChallenge } from '../passkeys/challenges.ts';
import { registrationResponse } from '../passkeys/credential-json.ts';
import { relyingParty } from '../passkeys/relying-party.ts';
import { enrolmentRefusal, spendEnrolmentProof, strongEnrolmentRoutes } from '../passkeys/strong-enrolment.ts';
import { passkeyScripts } from '../passkeys/scripts.ts';
import { confirmed, confirmPage, dangerButton } from '../views/confirm.ts';
import { field, form, message } from '../views/layout.ts';
import { listTable } from '../views/list-table.ts';

// A person's passkeys on the security page (issue 45): listed with when each was made and last used,
// added through the browser's WebAuthn ceremony (discoverable, so one signs in without an address),
// renamed, removed. Several a person; each kept with the name they gave it.

/** A bound on one person's passkeys: the list, and registration's exclude list, stay small. */
const MAX_PASSKEYS = 20;

const when = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16);

/** The ceremony's endpoints answer JSON to assets/passkeys.js. */
const answer = (ctx: PageContext, status: number, body: object) => void ctx.res.status(status).json(body);

/** A change to how a person signs in concerns every team they are in: each one's log says so. */
async function auditEveryTeam(ctx: PageContext, action: string, target: string, details: { name: string }) {
  const teams = await ctx.deps.db.membership.findMany({
    where: { userId: ctx.session!.userId },
    select: { teamId: true },
  });
  for (const { teamId } of teams.length ? teams : [{ teamId: null }]) {
    await audit(ctx.deps.db, ctx.actor, { teamId, action, target, details });
  }
}

/** The Passkeys section of the security page. */
export async function passkeySection(ctx: PageContext): Promise<SafeHtml> {
  const passkeys = await passkeysOf(ctx.deps.db, ctx.session!.userId);
  return html`<h2>Passkeys</h2>
<p>A passkey signs you in without a password or an address, with your device's lock (a fingerprint, a face, a PIN).</p>
${
  passkeys.length
    ? listTable(
        'Your passkeys',
        [{ head: 'Name' }, { head: 'Created' }, { head: 'Last used' }, { head: 'Rename or remove', hidden: true }],
        passkeys.map((p, i) => [
          p.name,
          when(p.createdAt),
          p.lastUsedAt ? when(p.lastUsedAt) : 'never',
          html`${form(ctx, `/security/passkeys/${encodeURIComponent(p.id)}/remove`, dangerButton('Remove', html`aria-label="Remove ${p.name}"`))}
<details><summary>Rename</summary>${form(
            ctx,
            `/security/passkeys/${encodeURIComponent(p.id)}/rename`,
            html`<p><label for="rename-${i}">New name for ${p.name}</label><input id="rename-${i}" name="name" type="text" required maxlength="${MAX_PASSKEY_NAME_LENGTH}" value="${p.name}"></p>
<p><button type="submit" class="secondary" aria-label="Rename ${p.name}">Rename</button></p>`,
          )}</details>`,
        ]),
        '',
        html`aria-label="Your passkeys"`,
      )
    : html`<p class="muted">You have no passkey yet.</p>`
}
<p class="muted" data-passkey-unsupported>Adding a passkey needs JavaScript and a browser with WebAuthn.</p>
${form(
  ctx,
  '/security/passkeys',
  html`${field('Passkey name', 'name', 'text', html`required maxlength="${MAX_PASSKEY_NAME_LENGTH}" placeholder="Laptop"`)}
<p class="problem" role="alert" data-passkey-status hidden></p>
<p><button type="submit">Add a passkey</button></p>`,
  html`hidden data-passkey-add data-options="${ctx.href('/security/passkeys/options')}" data-verify="${ctx.href('/security/passkeys')}"`,
)}
${passkeyScripts(ctx)}`;
}

export const passkeyRoutes: PageRoute[] = [
  ...strongEnrolmentRoutes,
  {
    // The ceremony's first half: options for the browser, its challenge kept for the second.
    method: 'post',
    path: '/security/passkeys/options',
    access: 'signed-in',
    // A challenge for the browser; the passkey's registration that follows counts.
    limit: false,
    async handle(ctx) {
      const session = ctx.session!;
      const name = passkeyName(ctx.req.body.name);
      if (!name) return answer(ctx, 400, { error: 'Give the passkey a name.' });
      const existing = await passkeysOf(ctx.deps.db, session.userId);
      if (existing.some((p) => p.name === name))
        return answer(ctx, 409, { error: `You already have a passkey named ${name}.` });
      if (existing.length >= MAX_PASSKEYS)
        return answer(ctx, 409, { error: `You have ${MAX_PASSKEYS} passkeys: remove one first.` });
      // Under a team's requirement, a password alone does not add a passkey (issue 56, item 7).
      const refusal = await enrolmentRefusal(ctx);
      if (refusal) return answer(ctx, 403, { error: refusal });
      const rp = relyingParty(ctx.deps.config);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: session.email,
        userDisplayName: session.email,
        // The user handle a discoverable credential gives back at sign-in: the person's id.
        userID: new TextEncoder().encode(session.userId),
        attestationType: 'none',
        // An authenticator already holding one of theirs says so instead of making a duplicate.
        excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await keepChallenge(ctx, { kind: 'register', challenge: options.challenge, userId: session.userId, name });
      answer(ctx, 200, options);
    },
  },
  {
    // The second half: the authenticator's new credential, checked against the challenge, origin and id.
    method: 'post',
    path: '/security/passkeys',
    access: 'signed-in',
    async handle(ctx) {
      const session = ctx.session!;
      const pending = await takeChallenge(ctx, 'register');
      if (!pending || pending.userId !== session.userId)
        return answer(ctx, 400, { error: 'This request has expired: add the passkey again.' });
      const response = registrationResponse(ctx.req.body.response);
      if (!response) return answer(ctx, 400, { error: 'The browser sent no passkey.' });
      // Checked again: the proof may have lapsed, or the requirement come, since the options.
      const refusal = await enrolmentRefusal(ctx);
      if (refusal) return answer(ctx, 403, { error: refusal });
      const rp = relyingParty(ctx.deps.config);
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: pending.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }).catch((error: Error) => {
        ctx.deps.logger.info({ err: error.message }, 'passkey registration refused');
        return null;
      });
      if (!verification?.verified) return answer(ctx, 400, { error: 'The passkey could not be verified.' });
      const { credential } = verification.registrationInfo;
      const added = await addPasskey(ctx.deps.db, {
        id: credential.id,
        userId: session.userId,
        name: pending.name,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
      }).catch((error: { code?: string }) => {
        if (error.code === 'P2002') return null;
        throw error;
      });
      if (!added) return answer(ctx, 409, { error: 'This passkey is already registered.' });
      await spendEnrolmentProof(ctx);
      await auditEveryTeam(ctx, 'passkey.added', added.id, { name: added.name });
      answer(ctx, 200, { redirect: ctx.href('/security') });
    },
  },
  {
    method: 'post',
    path: '/security/passkeys/:id/rename',
    access: 'signed-in',
    async handle(ctx) {
      const name = passkeyName(ctx.req.body.name);
      if (!name) return message(ctx, 'No name', 'Give the passkey a name.', 400);
      const id = String(ctx.req.params.id);
      if (!(await renamePasskey(ctx.deps.db, ctx.session!.userId, id, name)))
        return message(ctx, 'Not found', 'You have no such passkey.', 404);
      await auditEveryTeam(ctx, 'passkey.renamed', id, { name });
      ctx.res.redirect(303, ctx.href('/security'));
    },
  },
  {
    method: 'post',
    path: '/security/passkeys/:id/remove',
    access: 'signed-in',
    async handle(ctx) {
      const id = String(ctx.req.params.id);
      const passkey = (await passkeysOf(ctx.deps.db, ctx.session!.userId)).find((p) => p.id === id);
      if (passkey && !confirmed(ctx))
        return confirmPage(ctx, {
          title: `Remove the passkey ${passkey.name}?`,
          consequence: 'It no longer signs you in. Sign in with another passkey, single sign-on or your password.',
          action: `/security/passkeys/${encodeURIComponent(id)}/remove`,
          button: 'Remove the passkey',
          back: '/security',
        });
      const name = await removePasskey(ctx.deps.db, ctx.session!.userId, id);
      if (name === null) return message(ctx, 'Not found', 'You have no such passkey.', 404);
      await auditEveryTeam(ctx, 'passkey.removed', id, { name });
      ctx.res.redirect(303, ctx.href('/security'));
    },
  },
];
