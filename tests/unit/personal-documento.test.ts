import { describe, expect, it } from 'vitest';
import personal, { MENSAJES_DOCUMENTO_PERSONAL } from '../../resources/personal';
import { MENSAJES_IDENTIFICADOR } from '../../domain/identifiers';

const base = { name: 'Lucía Fernández Ruiz', email: 'lucia@notaria.example', position: 'Oficial', notaria_id: 1, calendar_type: 'lovable', is_active: true };
const issues = (v: Record<string, unknown>) => {
  const r = personal.schema.safeParse({ ...base, ...v });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the staff document (what staff sign in with)', () => {
  it('is optional, both parts or neither', () => {
    expect(issues({})).toEqual({});
    expect(issues({ tipo_documento: '', numero_documento: '' })).toEqual({});
    expect(issues({ tipo_documento: 'NIF' })).toEqual({ numero_documento: MENSAJES_DOCUMENTO_PERSONAL.tipoSinNumero });
    expect(issues({ numero_documento: '11111111H' })).toEqual({ tipo_documento: MENSAJES_DOCUMENTO_PERSONAL.numeroSinTipo });
  });

  it('checks NIF and NIE by their control letter, as the rest of the portal, and stores them normalised', () => {
    expect(issues({ tipo_documento: 'NIF', numero_documento: '11111111A' })).toEqual({ numero_documento: MENSAJES_IDENTIFICADOR.nif });
    expect(issues({ tipo_documento: 'NIE', numero_documento: 'X1234567A' })).toEqual({ numero_documento: MENSAJES_IDENTIFICADOR.nie });
    expect(issues({ tipo_documento: 'PASAPORTE', numero_documento: 'ñ' })).toEqual({ numero_documento: MENSAJES_DOCUMENTO_PERSONAL.pasaporte });
    const ok = personal.schema.parse({ ...base, tipo_documento: 'NIF', numero_documento: ' 11111111-h ' });
    expect(ok.numero_documento).toBe('11111111H');
  });
});
