/**
 * The id this browser gives a record the server has not stored yet (providers/servicios-pendientes.ts
 * keeps it and sends it again); the server refuses it as the id of a stored one.
 */
export const TEMP_ID_PREFIX = 'temp-';
export const isTempId = (id: unknown): boolean => typeof id === 'string' && id.startsWith(TEMP_ID_PREFIX);
