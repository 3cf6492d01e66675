import { html, type SafeHtml } from '@pageprobe/html';
import { monitorKindNamed } from '@pageprobe/test-kinds';

// The first page of a new monitor and of a new test (issue 60): its kind, each kind's title and what it
// checks from the registry, each a link to the form of that kind alone (`?kind=`), so no script is needed.

/** The kinds offered, as links to their forms. */
export function kindPicker(question: string, hrefOf: (kind: string) => string, kinds: readonly string[]): SafeHtml {
  return html`<p>${question} Choose a kind; its form asks for that kind’s settings only.</p>
<ul class="kind-picker">${kinds.map((name) => {
    const kind = monitorKindNamed(name);
    return html`<li><a href="${hrefOf(name)}"><span class="kind-title">${kind.title}</span> <span class="kind-offer">${kind.offer}</span></a></li>`;
  })}</ul>`;
}
