import type { PageRoute } from '../../http/page-context.ts';
import { changesRows } from '../../views/step-rows.ts';
import { testListPage } from './list.ts';
import { startFormPage, startFromForm } from './start-form.ts';
import { comparePage, runAgain, testPage, testState } from './test-page.ts';

/** The Tests pages (issue 46): the list, the start form, one test live then its summary, run again, compare. */
export const testRoutes: PageRoute[] = [
  { method: 'get', path: '/tests', access: 'team.read', handle: testListPage },
  // Before /tests/:id, which would take `new` for an id.
  { method: 'get', path: '/tests/new', access: 'team.write', handle: (ctx) => startFormPage(ctx) },
  // Adding or removing a step row only draws the form again: no write spent.
  {
    method: 'post',
    path: '/tests',
    access: 'team.write',
    limit: (ctx) => !changesRows(ctx.req.body),
    handle: startFromForm,
  },
  { method: 'get', path: '/tests/:id', access: 'team.read', handle: testPage },
  { method: 'get', path: '/tests/:id/state', access: 'team.read', handle: testState },
  { method: 'get', path: '/tests/:id/compare', access: 'team.read', handle: comparePage },
  { method: 'post', path: '/tests/:id/run-again', access: 'team.write', handle: runAgain },
];
