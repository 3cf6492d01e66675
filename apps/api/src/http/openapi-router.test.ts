// The validator sees each route's schemas with every $ref resolved, at both ends: a request whose body
// strays from a referenced component (Team's Plan) is a 400 naming the field, and a response that strays
// from its referenced schema is an error, not an answer. The patched validator compiles a schema with no
// reference left without the whole document beside it (patches/express-openapi-validator@5.6.2.patch,
// about 0.35 CPU s a route less): these are what that must not lose.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import express, { type ErrorRequestHandler, Router } from 'express';
import { adminSpec } from '../openapi/load-spec.ts';
import { openApiRouter } from './openapi-router.ts';

const TEAM = '7d3b1f5e-8c2a-4b6e-9f1d-2a3c4b5d6e7f';
const STRAYED = '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
const routes = Router()
  .post('/teams', (req, res) => {
    res.status(201).json({ id: TEAM, name: req.body.name, plan: req.body.plan, credits_balance: 0 });
  })
  // A team whose plan is not one of Plan's: the response strays from Team by a referenced schema.
  .get('/teams/:team_id', (req, res) => {
    res.json({
      id: req.params.team_id,
      name: 'x',
      plan: req.params.team_id === STRAYED ? 'enterprise' : 'free',
      credits_balance: 0,
    });
  });
const errors: ErrorRequestHandler = (err, _req, res, _next) => {
  res.status(err.status ?? 500).json({ status: err.status ?? 500, errors: err.errors ?? [] });
};
const app = express().use(
  '/admin/v1',
  openApiRouter(adminSpec, {
    serverUrl: '/admin/v1',
    guards: [(_req, _res, next) => next()],
    routes,
    validateResponses: true,
  }),
  errors,
);
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/admin/v1`;
after(() => server.close());

const post = (body: unknown) =>
  fetch(`${base}/teams`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('a request body is checked against the components it references', async () => {
  const good = await post({ name: 'Shop', plan: 'pro' });
  assert.equal(good.status, 201);
  const bad = await post({ name: 'Shop', plan: 'enterprise' });
  assert.equal(bad.status, 400);
  const body = (await bad.json()) as { errors: Array<{ path: string }> };
  assert.deepEqual(
    body.errors.map((e) => e.path),
    ['/body/plan'],
  );
});

test('a response is checked against the components its schema references', async () => {
  assert.equal((await fetch(`${base}/teams/${TEAM}`)).status, 200);
  const strayed = await fetch(`${base}/teams/${STRAYED}`);
  assert.equal(strayed.status, 500);
  const body = (await strayed.json()) as { errors: Array<{ path: string }> };
  assert.deepEqual(
    body.errors.map((e) => e.path),
    ['/response/plan'],
  );
});
