// A frontend whose mock runs in the page: the kit's MSW worker records a pact of what the app asks
// (docs/pact.md, "In a browser"); the Playwright fixture's pact.fromPage takes it after each test.
// ?workflow=p_... also asks for a workflow (a 404 for one that is not there).
import { startMockWorker } from 'workflow-api-mock-kit/browser';

await startMockWorker({ baseUrl: '/v1', seed: 4, quiet: true, token: 'page-app', pact: { consumer: 'page-app' } });
const me = await fetch('/v1/users/me');
document.querySelector('#user').textContent = me.ok ? (await me.json()).data.username : `error ${me.status}`;
const workflow = new URLSearchParams(location.search).get('workflow');
if (workflow !== null) {
  const answer = await fetch(`/v1/workflows/${workflow}`);
  document.querySelector('#workflow').textContent = `workflow ${answer.status}`;
}
document.body.dataset.ready = 'true';
