import { html, type SafeHtml } from '@pageprobe/html';

// A list of things (keys, members, tests, channels...) as a table on a wide screen and as cards on a
// phone (issue 60, item 7): each cell carries its column's name in `data-label`, which `25-cards.css`
// prints before the value when the table's head is out of sight, so no column scrolls away at 375 px.

type Content = SafeHtml | string | number | null | undefined | false | Content[];

export interface Column {
  head: string;
  /** A column whose head is for screen readers only (a row's actions): its cell has no label on a card. */
  hidden?: boolean;
  /** Figures align right in the table. */
  num?: boolean;
}

/** A cell with an id (a row's name, that its actions are described by) or classes of its own. */
export interface Cell {
  content: Content;
  id?: string;
  cls?: string;
}

export interface Row {
  cells: Array<Content | Cell>;
  /** The row's own attributes, e.g. `data-id`. */
  attrs?: SafeHtml;
}

const isCell = (c: Content | Cell): c is Cell =>
  typeof c === 'object' && c !== null && !Array.isArray(c) && 'content' in c;

/**
 * The table in its scrolling region, named by `label`; `cls` adds the table's own classes and `tableAttrs`
 * its own attributes (e.g. a name of the table itself, for a screen reader's list of tables).
 */
export function listTable(
  label: string,
  columns: Column[],
  rows: Array<Row | Row['cells']>,
  cls = '',
  tableAttrs?: SafeHtml,
): SafeHtml {
  const head = columns.map(
    (c) =>
      html`<th scope="col"${c.num ? html` class="num"` : ''}>${c.hidden ? html`<span class="visually-hidden">${c.head}</span>` : c.head}</th>`,
  );
  const body = rows.map((row) => {
    const { cells, attrs } = Array.isArray(row) ? { cells: row, attrs: undefined } : row;
    return html`<tr${attrs ? html` ${attrs}` : ''}>${cells.map((cell, i) => {
      const column = columns[i];
      const { content, id, cls: own } = isCell(cell) ? cell : { content: cell, id: undefined, cls: undefined };
      const classes = [column?.num ? 'num' : '', own ?? ''].filter(Boolean).join(' ');
      return html`<td${id ? html` id="${id}"` : ''}${classes ? html` class="${classes}"` : ''}${column && !column.hidden ? html` data-label="${column.head}"` : ''}>${content}</td>`;
    })}</tr>`;
  });
  return html`<div class="scroll" role="region" tabindex="0" aria-label="${label}"><table class="cards${cls ? ` ${cls}` : ''}"${tableAttrs ? html` ${tableAttrs}` : ''}><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table></div>`;
}
