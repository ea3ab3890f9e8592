// "Your tests" of the README's CI job: a project's own tests calling the mock server the job started
// on $PORT (the package test runs the job's `npm test` step with this as the project's test script).
import assert from 'node:assert/strict';
import { test } from 'node:test';

const baseUrl = `http://127.0.0.1:${process.env.PORT}/v1`;
const headers = { authorization: 'Bearer my-ci-job', 'content-type': 'application/json' };

test('the mock answers my app', async () => {
  const me = await fetch(`${baseUrl}/users/me`, { headers });
  assert.equal(me.status, 200);
  assert.match((await me.json()).data.id, /^u_/);
});

test('what my app creates is there on the next request', async () => {
  const created = await fetch(`${baseUrl}/webhooks?url=https://hooks.example.com/ci&name=ci&description=from%20CI`, {
    method: 'POST',
    headers,
  });
  assert.equal(created.status, 200);
  const { data } = await created.json();
  const listed = await (await fetch(`${baseUrl}/users/me/webhooks`, { headers })).json();
  assert.ok(listed.data.some((webhook) => webhook.id === data.id));
});
