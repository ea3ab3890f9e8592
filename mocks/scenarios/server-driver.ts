// Driver through the Node server: startServer on a free loopback port, requests with supertest.
import supertest from 'supertest';
import type { Mock } from '../index.ts';
import { startServer, type RunningServer } from '../server.ts';
import { parseBody, type Driver, type DriverRequest, type DriverResponse } from './driver.ts';

export async function startServerDriver(mock: Mock): Promise<{ driver: Driver; server: RunningServer }> {
  const server = await startServer({ port: 0, quiet: true, mock });
  const agent = supertest(server.origin);
  const basePath = new URL(server.baseUrl).pathname;

  const driver: Driver = {
    name: 'node-server',
    async request(method, path, options: DriverRequest): Promise<DriverResponse> {
      const url = path.startsWith('/__mock') ? path : path.startsWith('origin:') ? path.slice('origin:'.length) : basePath + path;
      let test = agent[method.toLowerCase() as 'get'](url);
      if (options.token !== null) test = test.set('authorization', `Bearer ${options.token}`);
      for (const [name, value] of Object.entries(options.headers ?? {})) test = test.set(name, value);
      const query = Object.fromEntries(Object.entries(options.query ?? {}).filter(([, v]) => v !== undefined));
      if (Object.keys(query).length > 0) test = test.query(query);
      // Take the body as raw text whatever its type, so both drivers parse it the same way.
      test = test.buffer(true).parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
      if (options.rawBody !== undefined) {
        if (options.headers?.['content-type'] === undefined) test = test.type('application/json');
        test = test.send(options.rawBody);
      } else if (options.body !== undefined) {
        test = test.send(options.body as object);
      }
      const res = await test;
      const text = typeof res.body === 'string' ? res.body : '';
      return { status: res.status, headers: res.headers as Record<string, string>, body: parseBody(text), text };
    },
  };
  return { driver, server };
}
