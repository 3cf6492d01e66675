import { html, type SafeHtml } from '@pageprobe/html';

// Issue 50: a resource a configuration file manages (`pageprobe apply` set its managed_by) is the file's.
// Lists and its page say so, and its edit and delete forms warn that the next apply of that file puts back
// what the file says: a change made here lasts only until then.

/** "Managed by pageprobe.yaml" beside a resource's name in a list or on its page; nothing when made by hand. */
export const managedMark = (managedBy: string | null | undefined): SafeHtml | '' =>
  managedBy
    ? html` <span class="managed" title="Changed by pageprobe apply of ${managedBy}">Managed by ${managedBy}</span>`
    : '';

/** The warning above a managed resource's edit (or delete) form. */
export function managedNotice(managedBy: string | null | undefined, action: 'edit' | 'delete' = 'edit'): SafeHtml | '' {
  if (!managedBy) return '';
  const what =
    action === 'edit'
      ? html`the next <code>pageprobe apply</code> of that file overwrites changes made here`
      : html`the next <code>pageprobe apply</code> of that file makes it again unless the file no longer lists it`;
  return html`<p class="notice managed-warning" role="note"><strong>Managed by ${managedBy}:</strong> ${what}. Change the file instead.</p>`;
}
