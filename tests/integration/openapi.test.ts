import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ENDPOINTS } from '../../api';
import { API_BASE, fullPath } from '../../api/endpoint';

/**
 * The OpenAPI document of the services API (issue 34): generated from the endpoints declared in
 * api/, served at /nt/demo/v1/servicios/openapi.json, valid OpenAPI 3.1.
 */
let s: TestServer;
let doc: any;
beforeAll(async () => {
  s = await startTestServer();
  const res = await s.api('/openapi.json');
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => s?.close());

describe('openapi.json', () => {
  it('validates as OpenAPI 3.1', async () => {
    const r = await new Validator().validate(doc);
    expect(r.errors ?? []).toEqual([]);
    expect(r.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes every declared endpoint, with its method, parameters and who may call it', () => {
    for (const e of ENDPOINTS) {
      const op = doc.paths[fullPath(e)]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${fullPath(e)}`).toBeDefined();
      expect(op.security).toEqual(e.access.rule.roles.includes('anon') ? [] : [{ bearer: [] }]);
    }
    const uno = doc.paths['/nt/demo/v1/servicios/expediente/{id}'].get;
    expect(uno.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(uno.responses['200'].content['application/json'].schema.properties).toHaveProperty('notariaNombre');
    expect(uno.responses['401']).toBeDefined();
  });

  it('lists every route the services API answers, and only those', () => {
    const served = new Set(
      s.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${API_BASE}/`))
        .map((r) => `${r.method} ${r.path}`),
    );
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>)
        .filter(([path]) => path.startsWith(`${API_BASE}/`))
        .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)),
    );
    expect([...served].filter((r) => !documented.has(r)), 'served, not in openapi.json').toEqual([]);
    expect([...documented].filter((r) => !served.has(r)), 'in openapi.json, not served').toEqual([]);
    expect(served.size).toBeGreaterThan(90);
  });
});
