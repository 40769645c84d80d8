import { json, type FunctionHandler } from '../_shared/handler.ts';

/** Proves the wiring of functions: echoes the name it was given. */
const handler: FunctionHandler = async (req) => {
  const body = (await req.json().catch(() => ({}))) as { name?: unknown };
  const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : 'mundo';
  return json({ message: `Hola ${name}` });
};
export default handler;
