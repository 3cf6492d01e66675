import type { PageRoute } from '../../http/page-context.ts';
import { changesAnyRows } from '../../views/form-rows.ts';
import { emptyForm } from '../../views/form-errors.ts';
import { testListPage } from './list.ts';
import { startFormPage, startFromForm } from './start-form.ts';
import { comparePage, runAgain, testPage, testState } from './test-page.ts';
import { artifactFile } from './artifacts.ts';
import { reportPage } from './report-page.ts';

/** The Tests pages (issue 46): the list, the start form, one test live then its summary, run again, compare. */
export const testRoutes: PageRoute[] = [
  { method: 'get', path: '/tests', access: 'team.read', handle: testListPage },
  // Before /tests/:id, which would take `new` for an id.
  {
    method: 'get',
    path: '/tests/new',
    access: 'team.write',
    // No kind yet: the page of kinds; a kind (its link): that kind's form.
    handle: (ctx) => {
      const kind = ctx.req.query.kind;
      return startFormPage(ctx, emptyForm(typeof kind === 'string' && kind ? { type: kind.slice(0, 40) } : {}));
    },
  },
  // Adding or removing a step row only draws the form again: no write spent.
  {
    method: 'post',
    path: '/tests',
    access: 'team.write',
    limit: (ctx) => !changesAnyRows(ctx.req.body),
    handle: startFromForm,
  },
  { method: 'get', path: '/tests/:id', access: 'team.read', handle: testPage },
  { method: 'get', path: '/tests/:id/state', access: 'team.read', handle: testState },
  { method: 'get', path: '/tests/:id/artifacts/:artifactId', access: 'team.read', handle: artifactFile },
  { method: 'get', path: '/tests/:id/report', access: 'team.read', handle: reportPage },
  { method: 'get', path: '/tests/:id/compare', access: 'team.read', handle: comparePage },
  { method: 'post', path: '/tests/:id/run-again', access: 'team.write', handle: runAgain },
];
