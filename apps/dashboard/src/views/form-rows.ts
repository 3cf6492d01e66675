import { changesExpectRows, redrawnExpectValues } from './expect-rows.ts';
import { redrawnRequestValues, changesRequestRows } from './request-rows.ts';
import type { Values } from './row-editor.ts';
import { changesRows as changesStepRows, redrawnStepValues } from './step-rows.ts';

// The forms' row editors together (steps, expectations, requests): a form drawn again redraws each, and a
// press of any "add" or "remove" button only draws the form again (no write spent, nothing sent on).

/** The values to draw a form again, each editor's rows as sent or as its changed JSON view said. */
export const redrawnRowValues = (v: Values, values: Record<string, string>): Record<string, string> =>
  redrawnRequestValues(v, redrawnExpectValues(v, redrawnStepValues(v, values)));

/** Whether the form was sent to add or remove a row of any editor. */
export const changesAnyRows = (v: Values): boolean =>
  changesStepRows(v) || changesExpectRows(v) || changesRequestRows(v);
