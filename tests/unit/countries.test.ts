import { describe, expect, it } from 'vitest';
import { alpha3ToCountryName, countriesInSpanish, countryToAlpha3, REPRESENTATIVE_COUNTRIES } from '../../domain/countries';

describe('country name → ISO alpha-3', () => {
  it.each([
    ['España', 'ESP'], ['Spain', 'ESP'], ['Francia', 'FRA'], ['Portugal', 'PRT'], ['Italia', 'ITA'], ['Alemania', 'DEU'],
    ['Reino Unido', 'GBR'], ['UK', 'GBR'], ['Estados Unidos', 'USA'], ['USA', 'USA'], ['México', 'MEX'], ['Mexico', 'MEX'],
    ['Argentina', 'ARG'], ['Brasil', 'BRA'], ['Chile', 'CHL'], ['Colombia', 'COL'], ['Perú', 'PER'], ['Uruguay', 'URY'],
    ['Venezuela', 'VEN'], ['Ecuador', 'ECU'], ['Bolivia', 'BOL'], ['Paraguay', 'PRY'], ['Canadá', 'CAN'], ['Australia', 'AUS'],
    ['Japón', 'JPN'], ['China', 'CHN'], ['India', 'IND'], ['Rusia', 'RUS'], ['Sudáfrica', 'ZAF'], ['Marruecos', 'MAR'],
    ['Túnez', 'TUN'], ['Argelia', 'DZA'], ['Egipto', 'EGY'], ['  españa ', 'ESP'],
  ])('%s → %s', (name, code) => {
    expect(countryToAlpha3(name)).toBe(code);
  });
  it('keeps three capital letters and passes an unknown name through', () => {
    expect(countryToAlpha3('ESP')).toBe('ESP');
    expect(countryToAlpha3('XYZ')).toBe('XYZ');
    expect(countryToAlpha3('Narnia')).toBe('Narnia');
  });
  it('maps every country of the representative form', () => {
    for (const name of REPRESENTATIVE_COUNTRIES) expect(countryToAlpha3(name)).toMatch(/^[A-Z]{3}$/);
  });
});

describe('alpha-3 → Spanish name', () => {
  it('names known codes and returns others unchanged', () => {
    expect(alpha3ToCountryName('ESP')).toBe('España');
    expect(alpha3ToCountryName('DEU')).toBe('Alemania');
    expect(alpha3ToCountryName('España')).toBe('España');
  });
  it('round-trips for every country of the list', () => {
    for (const c of countriesInSpanish()) expect(countryToAlpha3(alpha3ToCountryName(c.codigo))).toBe(c.codigo);
  });
});
