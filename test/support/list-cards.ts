import type { Page } from 'puppeteer-core';

// The dashboard's lists (views/list-table.ts, table.cards) read as tables on a wide screen and as cards on
// a phone (issue 60, item 7). This reads how a page draws them at its viewport's width.

export interface ListsSeen {
  /** Each list's name (its region's aria-label) with its number of rows. */
  lists: Array<{ name: string; rows: number }>;
  /** What does not read as it should, each worded with the list's name. */
  problems: string[];
}

/**
 * The page's lists and what is wrong with them drawn `as` cards (the head out of sight, each row a block,
 * each value after its column's name and inside its line) or as a table (the head in sight, rows as rows).
 */
export async function listsSeen(page: Page, as: 'cards' | 'table'): Promise<ListsSeen> {
  // A string, not a function: the tests are type-checked without the DOM's types.
  return (await page.evaluate(`((as) => {
    const lists = [];
    const problems = [];
    for (const table of document.querySelectorAll('table.cards')) {
      const name = table.closest('[role="region"]')?.getAttribute('aria-label') ?? '(unnamed)';
      const headWidth = table.tHead.getBoundingClientRect().width;
      if (as === 'cards' ? headWidth > 1 : headWidth <= 1)
        problems.push(name + ': its head is ' + Math.round(headWidth) + ' px wide');
      const heads = [...table.tHead.rows[0].cells].map((th) => th.textContent.trim());
      const rows = [...table.tBodies[0].rows];
      lists.push({ name, rows: rows.length });
      rows.forEach((tr, r) => {
        const row = name + ': row ' + (r + 1);
        const display = getComputedStyle(tr).display;
        if (display !== (as === 'cards' ? 'block' : 'table-row')) problems.push(row + ' is drawn as ' + display);
        if (as === 'table') return;
        [...tr.cells].forEach((td, i) => {
          if (!td.hasAttribute('data-label')) return;
          // Chrome gives a pseudo-element's string content quoted, as CSS writes it.
          const before = getComputedStyle(td, '::before').content;
          if (before !== JSON.stringify(heads[i])) problems.push(row + "'s value in " + heads[i] + ' is named ' + before);
          // Its name and value inside its line, as wide and as high as they need.
          if (td.scrollWidth > td.clientWidth + 1 || td.scrollHeight > td.clientHeight + 1)
            problems.push(
              row + "'s value in " + heads[i] + ' overflows its line: ' + td.scrollWidth + ' × ' + td.scrollHeight +
                ' px in ' + td.clientWidth + ' × ' + td.clientHeight,
            );
        });
      });
    }
    return { lists, problems };
  })(${JSON.stringify(as)})`)) as ListsSeen;
}
