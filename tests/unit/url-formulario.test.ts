import { describe, expect, it } from 'vitest';
import { FORMULARIO_POR_DEFECTO, urlFormulario } from '../../src/expediente/formulario';

describe('the act form framed for an act', () => {
  it("is the act's own address only when it is the portal's form document", () => {
    expect(urlFormulario('/formulario.html?definicion=3')).toBe('/formulario.html?definicion=3');
    expect(urlFormulario(' /formulario.html ')).toBe('/formulario.html');
  });

  it('falls back to the default form for another site, a protocol-relative or backslash address, or a portal route', () => {
    for (const url of ['https://evil.example/form.html', 'http://evil.example/', '//evil.example/formulario.html', '/\\evil.example/form.html', '/acto-poder-general', '/otro.html', '', null, undefined]) {
      expect(urlFormulario(url)).toBe(FORMULARIO_POR_DEFECTO);
    }
  });
});
