import { allows, type Permission } from '@pageprobe/accounts';
import { html, type SafeHtml } from '@pageprobe/html';
import { ASSETS } from '../assets.ts';
import type { PageContext } from '../http/page-context.ts';
import { fieldError } from './form-errors.ts';

/** A form that changes state: POST, with the session's CSRF token (every such request must carry it). */
export const form = (ctx: PageContext, action: string, body: SafeHtml, attrs: SafeHtml = html``) =>
  html`<form method="post" action="${ctx.href(action)}" ${attrs}><input type="hidden" name="_csrf" value="${ctx.session?.csrfToken ?? ''}">${body}</form>`;

/** The team's pages, in the order of the navigation (named as people and browser tests look for them). */
const TEAM_PAGES = [
  ['/', 'Overview'],
  ['/tests', 'Tests'],
  ['/monitors', 'Monitors'],
  ['/rum', 'Real users'],
  ['/alert-channels', 'Alert channels'],
  ['/maintenance', 'Maintenance'],
  ['/status-pages', 'Status pages'],
  ['/incidents', 'Incidents'],
  ['/deploys', 'Deploys'],
  ['/team', 'Team'],
] as const;

/** The team's pages that keep their own paths but sit under Team (its hub links them). */
const UNDER_TEAM = ['/members', '/keys', '/webhook-secret', '/variables', '/audit-log'];

/** The navigation of a signed-in person: the team's pages (a member's), their account, the team switcher, sign-out. */
function navigation(ctx: PageContext): SafeHtml {
  const here = ctx.req.path;
  const link = (path: string, name: string) => {
    const current =
      path === '/'
        ? here === '/'
        : here === path ||
          here.startsWith(`${path}/`) ||
          (path === '/team' && UNDER_TEAM.some((p) => here.startsWith(p)));
    return html`<li><a href="${ctx.href(path)}"${current ? html` aria-current="page"` : ''}>${name}</a></li>`;
  };
  // A menu that opens without script (<details>): closed on a phone, its links shown inline on wider
  // screens, where 15-layout.css shows the content of the closed <details> and hides its summary.
  return html`<nav aria-label="Dashboard"><details class="menu"><summary>Menu</summary><div class="menu-links"><ul>
${may(ctx, 'team.read') ? TEAM_PAGES.map(([path, name]) => link(path, name)) : ''}
</ul><ul class="account">
${link('/security', 'Security')}
${link('/teams', 'Teams')}
<li>${form(ctx, '/sign-out', html`<button type="submit" class="link">Sign out</button>`)}</li>
</ul></div></details>
</nav>`;
}

/**
 * A whole page: the header (with the navigation once signed in), then `body`. `head` goes before the
 * dashboard's stylesheet (a page's own stylesheet, which the dashboard's rules then override).
 */
export function page(ctx: PageContext, title: string, body: SafeHtml, status = 200, head: SafeHtml | '' = ''): void {
  const session = ctx.session;
  ctx.res
    .status(status)
    .type('html')
    .send(
      html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Pageprobe</title>
<link rel="icon" href="data:,">
${head}<link rel="stylesheet" href="${ctx.href(ASSETS.css.path)}">
<script type="module" src="${ctx.href(ASSETS.js.path)}"></script>
</head>
<body>
<header><p class="brand">Pageprobe${session?.teamName ? html` · <span>${session.teamName}</span>` : ''}</p>
${session ? navigation(ctx) : ''}
</header>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>`.value,
    );
}

/** A page that says one thing (an error, a link that no longer works). */
export const message = (ctx: PageContext, title: string, text: string, status = 200) =>
  page(ctx, title, html`<p>${text}</p>`, status);

/**
 * A field with its label (the label names it for people and for tests), and its message when the last
 * submission was refused for it.
 */
export const field = (label: string, name: string, type = 'text', attrs: SafeHtml = html``, error?: string) =>
  html`<p><label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" ${attrs}${
    error ? html` aria-invalid="true" aria-describedby="${name}-error"` : ''
  }>${fieldError(name, error)}</p>`;

/** A problem with what was submitted, shown above the form again. */
export const problem = (text: string | null) => (text ? html`<p class="problem" role="alert">${text}</p>` : '');

/** Whether the signed-in member may do this in the current team: a page shows a form only to who may send it. */
export const may = (ctx: PageContext, permission: Permission) =>
  ctx.session?.role != null && allows(ctx.session.role, permission);
