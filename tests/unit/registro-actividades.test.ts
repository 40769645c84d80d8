import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resourceConfigs } from '../../resources';
import { CAMPOS_ACTIVIDAD, registroDeActividades } from '../../domain/registro-actividades';
import { registroActividadesPdf } from '../../domain/registro-actividades-pdf';

/** The record of processing activities (RGPD art. 30, issue 33) is derived from the resources' declarations. */
describe('registro de actividades de tratamiento', () => {
  const registro = registroDeActividades(resourceConfigs);

  it('has one activity for every resource that holds personal data, each with every field of art. 30', () => {
    expect(registro.map((a) => a.recurso).sort()).toEqual(
      ['actos', 'citas', 'copias', 'documentos', 'expedientes', 'mensajes', 'personal', 'personas', 'privacidad', 'privilegios'].sort(),
    );
    for (const a of registro) for (const [campo] of CAMPOS_ACTIVIDAD) expect(a[campo].trim().length, `${a.recurso}.${campo}`).toBeGreaterThan(10);
  });

  it('a declaration added beside a resource appears in the record', () => {
    const extra = { ...resourceConfigs[0], name: 'nuevo', tratamiento: { actividad: 'Nueva actividad', finalidad: 'f', baseJuridica: 'b', categorias: 'c', destinatarios: 'd', conservacion: 'e' } };
    expect(registroDeActividades([...resourceConfigs, extra]).map((a) => a.recurso)).toContain('nuevo');
  });

  it('is published as a readable PDF', async () => {
    const bytes = await registroActividadesPdf(registro, new Date('2026-11-26T12:00:00Z'));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rat-')), 'r.pdf');
    fs.writeFileSync(file, bytes);
    const texto = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(texto).toContain('Registro de actividades de tratamiento');
    expect(texto).toContain('Fichas de clientes y de las personas que gestionan');
    expect(texto).toContain('Base jurídica');
    expect(texto).toContain('Imágenes de documentos de identidad'.slice(0, 10));
  });
});
