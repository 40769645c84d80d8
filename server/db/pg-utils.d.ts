// node-postgres's conversion of a JS value into a parameter's text, as its own queries bind them
// (pg exports 'pg/lib/*'; @types/pg does not describe this file).
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
