import { allows } from '@pageprobe/accounts';
import { html, type SafeHtml } from '@pageprobe/test-kinds';
import { ASSETS } from '../assets.ts';
import type { PageContext } from '../http/page-context.ts';

/** A form that changes state: POST, with the session's CSRF token (every such request must carry it). */
export const form = (ctx: PageContext, action: string, body: SafeHtml, attrs: SafeHtml = html``) =>
  html`<form method="post" action="${ctx.href(action)}" ${attrs}><input type="hidden" name="_csrf" value="${ctx.session?.csrfToken ?? ''}">${body}</form>`;

/** The navigation of a signed-in person: the team's pages their role may see, the team switcher, sign-out. */
function navigation(ctx: PageContext): SafeHtml {
  const session = ctx.session!;
  const may = (permission: Parameters<typeof allows>[1]) => session.role !== null && allows(session.role, permission);
  const link = (path: string, name: string) => html`<li><a href="${ctx.href(path)}">${name}</a></li>`;
  return html`<nav aria-label="Dashboard"><ul>
${session.role ? link('/', 'Overview') : ''}
${may('keys.manage') ? link('/keys', 'API and MCP access') : ''}
${may('team.read') ? link('/members', 'Members') : ''}
${may('audit.read') ? link('/audit-log', 'Audit log') : ''}
${may('members.manage') ? link('/team', 'Team settings') : ''}
${link('/security', 'Security')}
${link('/teams', 'Teams')}
</ul>
${form(ctx, '/sign-out', html`<button type="submit">Sign out</button>`)}
</nav>`;
}

/** A whole page: the header (with the navigation once signed in), then `body`. */
export function page(ctx: PageContext, title: string, body: SafeHtml, status = 200): void {
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
<link rel="stylesheet" href="${ctx.href(ASSETS.css.path)}">
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

/** A field with its label (the label names it for people and for tests). */
export const field = (label: string, name: string, type = 'text', attrs: SafeHtml = html``) =>
  html`<p><label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" ${attrs}></p>`;

/** A problem with what was submitted, shown above the form again. */
export const problem = (text: string | null) => (text ? html`<p class="problem" role="alert">${text}</p>` : '');
