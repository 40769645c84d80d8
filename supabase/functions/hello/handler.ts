import { json, type FunctionHandler } from '../_shared/handler.ts';

/** Proves the wiring of functions: echoes the name it was given. */
const handler: FunctionHandler = async (req) => {
  // any JSON (null, a number) or none at all: only an object's name counts
  const body = ((await req.json().catch(() => null)) ?? {}) as { name?: unknown };
  const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : 'mundo';
  return json({ message: `Hola ${name}` });
};
export default handler;
