import {
  consumeToken,
  createPersonWithTeam,
  findUserByEmail,
  hashPassword,
  isEmail,
  MAX_TEAM_NAME,
  MAX_PASSWORD_LENGTH,
  normalizeEmail,
  passwordProblem,
  peekToken,
} from '@pageprobe/accounts';
import { sqlState, UNIQUE_VIOLATION } from '@pageprobe/db';
import { html } from '@pageprobe/html';
import { afterAnswer, mailAlreadySignedUp, mailSignUp } from '../account-mail.ts';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { signUpRefused } from '../http/sign-up-limit.ts';
import { field, form, message, page, problem } from '../views/layout.ts';
import { signIn } from './sign-in.ts';

/** With SIGNUP=invite the pages do not exist: the same 404 as any unknown path. */
const closed = (ctx: PageContext) => message(ctx, 'Not found', 'There is no such page.', 404);

function signUpPage(ctx: PageContext, error: string | null = null, status = 200) {
  const value = (name: string) => String(ctx.req.body?.[name] ?? '');
  page(
    ctx,
    'Sign up',
    html`<p>Signing up makes a team on the free plan, with you as its owner.</p>${problem(error)}
${form(
  ctx,
  '/sign-up',
  html`${field('Email', 'email', 'email', html`required autocomplete="username" value="${value('email')}"`)}
${field('Password', 'password', 'password', html`required minlength="12" autocomplete="new-password" aria-describedby="password-rule"`)}
<p class="muted" id="password-rule">At least 12 characters.</p>
${field('Team name', 'team_name', 'text', html`required maxlength="${MAX_TEAM_NAME}" value="${value('team_name')}"`)}
<p><button type="submit">Sign up</button></p>`,
)}`,
    status,
  );
}

/** The answer to every valid sign-up, new address or not: nothing in it says which. */
const checkYourMail = (ctx: PageContext) =>
  page(
    ctx,
    'Check your mail',
    html`<p>We sent a mail to that address. Open its link to finish: your account is made then.</p>`,
  );

const gone = (ctx: PageContext) =>
  message(ctx, 'Link not valid', 'This link was used or has expired. Sign up again to get a new one.', 410);

/**
 * SIGNUP=open: anyone may make an account and a free team. The form only mails a link; the account is
 * made when the link is used. An address that has an account gets the same answer (and a mail saying so),
 * and nothing is made: neither the answer nor a sign-in attempt tells anyone who is here.
 */
export const signUpRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/sign-up',
    access: 'public',
    handle: (ctx) => (ctx.deps.config.SIGNUP !== 'open' ? closed(ctx) : signUpPage(ctx)),
  },
  {
    method: 'post',
    path: '/sign-up',
    access: 'public',
    async handle(ctx) {
      if (ctx.deps.config.SIGNUP !== 'open') return closed(ctx);
      const { deps } = ctx;
      const email = normalizeEmail(String(ctx.req.body.email ?? '').slice(0, 254));
      const password = String(ctx.req.body.password ?? '').slice(0, MAX_PASSWORD_LENGTH + 1);
      const teamName = String(ctx.req.body.team_name ?? '').trim();
      if (!isEmail(email)) return signUpPage(ctx, 'That is not an email address.', 400);
      const weak = passwordProblem(password);
      if (weak) return signUpPage(ctx, `The password ${weak}.`, 400);
      if (!teamName || teamName.length > MAX_TEAM_NAME || teamName.includes('\n'))
        return signUpPage(ctx, `Give the team a name (at most ${MAX_TEAM_NAME} characters).`, 400);
      // Limited before the hash (about 65 ms of CPU): a burst costs counters, not hashes.
      const retryAfter = await signUpRefused(ctx, email);
      if (retryAfter !== null) {
        ctx.res.set('Retry-After', String(retryAfter));
        const minutes = Math.ceil(retryAfter / 60);
        return signUpPage(
          ctx,
          `Too many sign-ups for this address, or from yours. Try again in ${retryAfter < 60 ? `${retryAfter} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`}.`,
          429,
        );
      }
      // Hashed in both cases: a known address answers in the same time as a new one.
      const passwordHash = await hashPassword(password);
      afterAnswer(deps, 'sign-up mail', async () =>
        (await findUserByEmail(deps.db, email))
          ? mailAlreadySignedUp(deps, email)
          : mailSignUp(deps, { email, passwordHash, teamName }),
      );
      checkYourMail(ctx);
    },
  },
  {
    method: 'get',
    path: '/sign-up/:token',
    access: 'public',
    async handle(ctx) {
      if (ctx.deps.config.SIGNUP !== 'open') return closed(ctx);
      if (!(await peekToken(ctx.deps.db, 'sign_up', ctx.req.params.token))) return gone(ctx);
      // A button, not the GET: mail scanners that fetch every link make nothing.
      page(
        ctx,
        'Finish signing up',
        form(
          ctx,
          `/sign-up/${String(ctx.req.params.token)}`,
          html`<p><button type="submit">Make my account</button></p>`,
        ),
      );
    },
  },
  {
    method: 'post',
    path: '/sign-up/:token',
    access: 'public',
    async handle(ctx) {
      if (ctx.deps.config.SIGNUP !== 'open') return closed(ctx);
      const link = await consumeToken(ctx.deps.db, 'sign_up', ctx.req.params.token);
      const [email, passwordHash, teamName] = link?.subject?.split('\n') ?? [];
      if (!email || !passwordHash || !teamName) return gone(ctx);
      let made: Awaited<ReturnType<typeof createPersonWithTeam>>;
      try {
        made = await createPersonWithTeam(ctx.deps.db, ctx.actor, { email, passwordHash, teamName, via: 'sign-up' });
      } catch (error) {
        // The address got an account meanwhile (an invitation, another sign-up): sign in to it instead.
        if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
        return message(ctx, 'You have an account', 'This address has an account already: sign in to it.', 409);
      }
      await signIn(ctx, made.user, 'password', made.team.id);
      ctx.res.redirect(303, ctx.href('/'));
    },
  },
];
