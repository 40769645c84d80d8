/**
 * Numbers, amounts and dates in Spanish words, as deeds write them ("por el precio de CIENTO
 * VEINTE MIL EUROS (120.000,00 €)", "a veintiséis de noviembre de dos mil veintiséis"). No
 * maintained library writes Spanish deed style (apocope "un"/"veintiún" before nouns, "mil" without
 * "un", "millones"), so this small one is tested in tests/unit/en-letras.test.ts.
 */

const UNIDADES = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce',
  'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro',
  'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve'];
const DECENAS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const CENTENAS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];

/** 0..999; `apocope`: "uno" becomes "un" / "veintiuno" "veintiún" (before a noun or "mil"). */
function hastaMil(n: number, apocope: boolean): string {
  if (n === 100) return 'cien';
  const c = Math.floor(n / 100);
  const r = n % 100;
  const partes: string[] = [];
  if (c) partes.push(CENTENAS[c]);
  if (r || !c) {
    let t: string;
    if (r < 30) t = UNIDADES[r];
    else {
      const u = r % 10;
      t = DECENAS[Math.floor(r / 10)] + (u ? ` y ${UNIDADES[u]}` : '');
    }
    if (apocope) t = t.replace(/veintiuno$/, 'veintiún').replace(/(^|\s)uno$/, '$1un');
    partes.push(t);
  }
  return partes.join(' ');
}

/** A whole number from 0 to 999 999 999 999 in words ("un" before a noun when `apocope`). */
export function enteroEnLetras(n: number, { apocope = false }: { apocope?: boolean } = {}): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999_999_999) throw new RangeError(`Número fuera de rango: ${n}`);
  if (n < 1000) return hastaMil(n, apocope);
  const millones = Math.floor(n / 1_000_000);
  const miles = Math.floor((n % 1_000_000) / 1000);
  const resto = n % 1000;
  const partes: string[] = [];
  if (millones) partes.push(millones === 1 ? 'un millón' : `${enteroEnLetras(millones, { apocope: true })} millones`);
  if (miles) partes.push(miles === 1 ? 'mil' : `${hastaMil(miles, true)} mil`);
  if (resto) partes.push(hastaMil(resto, apocope));
  return partes.join(' ');
}

/** A number in words: whole, or with its decimals ("uno coma cinco"), as a deed reads a figure. */
export function numeroEnLetras(n: number): string {
  if (Number.isInteger(n)) return enteroEnLetras(Math.abs(n)).replace(/^/, n < 0 ? 'menos ' : '');
  const [entero, decimales] = Math.abs(n).toFixed(2).replace(/0+$/, '').split('.');
  return `${n < 0 ? 'menos ' : ''}${enteroEnLetras(Number(entero))} coma ${enteroEnLetras(Number(decimales))}`;
}

// made at first use: a page's first Intl formatter loads ICU's data (25-50 ms of CPU), and the
// portal's case view imports this module without writing an amount
let cifras: Intl.NumberFormat | undefined;

/** An amount in euros in capitals and in figures: "MIL QUINIENTOS EUROS CON VEINTE CÉNTIMOS (1.500,20 €)". */
export function eurosEnLetras(importe: number): string {
  const centimos = Math.round(importe * 100);
  const euros = Math.floor(centimos / 100);
  const cent = centimos % 100;
  // a round million takes "de" before the noun: "un millón de euros"
  const deEuros = euros >= 1_000_000 && euros % 1_000_000 === 0 ? 'de euros' : euros === 1 ? 'euro' : 'euros';
  let texto = `${enteroEnLetras(euros, { apocope: true })} ${deEuros}`;
  if (cent) texto += ` con ${enteroEnLetras(cent, { apocope: true })} ${cent === 1 ? 'céntimo' : 'céntimos'}`;
  // Intl groups four-digit numbers only from 10 000 in es-ES; deeds write 1.500,00
  const enCifras = (cifras ??= new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true })).format(centimos / 100).replace(/^(\d)(\d{3}),/, '$1.$2,');
  return `${texto.toUpperCase()} (${enCifras} €)`;
}

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** 'yyyy-mm-dd' in words: "uno de enero de dos mil veintisiete"; anything else → ''. */
export function fechaEnLetras(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return '';
  const [anio, mes, dia] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mes < 1 || mes > 12 || dia < 1 || dia > 31) return '';
  return `${enteroEnLetras(dia)} de ${MESES[mes - 1]} de ${enteroEnLetras(anio)}`;
}
