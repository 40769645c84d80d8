import { isRaw } from '../../api/endpoint';
import { endpointOf } from '../../server/endpoints';

/**
 * Every successful JSON answer a test receives through TestServer.api() is checked against the
 * schema its endpoint declares (api/): an answer that drifts from its declaration fails the test
 * that received it, whatever that test asserts.
 */
export async function checkAnswer(method: string, url: string, res: Response): Promise<void> {
  const hit = endpointOf(method, new URL(url).pathname);
  const schema = hit?.endpoint.answer;
  if (!schema || isRaw(schema) || res.status < 200 || res.status >= 300 || res.status === 204) return;
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) {
    throw new Error(`${method} ${url}: answered ${res.headers.get('content-type')}, its endpoint declares JSON`);
  }
  const r = schema.safeParse(await res.clone().json());
  if (!r.success) {
    const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${method} ${url}: the answer does not match its endpoint's schema (${hit.endpoint.path}): ${issues}`);
  }
}
