import { LONGITUD_FECHA, mascaraFecha, opcionesDe, type CampoDef } from '../../domain/act-form';
import type { AvisoNif } from './FormularioActo';
import { etiquetaOpcion } from './etiquetas';

interface Props {
  id: string;
  campo: CampoDef;
  valor: string | boolean | undefined;
  error?: string;
  avisoNif?: AvisoNif;
  onCambio: (valor: string | boolean) => void;
  /** Without it (a read-only form) the field has no 'Buscar' button. */
  onBuscarNif?: () => void;
}

const TIPO_INPUT: Partial<Record<CampoDef['tipo'], string>> = { email: 'email', telefono: 'tel' };

/** One field of the definition, with its label, help text and message. */
export default function Campo({ id, campo, valor, error, avisoNif, onCambio, onBuscarNif }: Props) {
  const ayudaId = campo.ayuda ? `${id}-ayuda` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const avisoId = avisoNif ? `${id}-aviso` : undefined;
  const describedBy = [ayudaId, errorId, avisoId].filter(Boolean).join(' ') || undefined;
  const comunes = { id, name: id, 'aria-invalid': !!error, 'aria-describedby': describedBy, 'aria-required': !!campo.requerido };
  const texto = typeof valor === 'string' ? valor : '';
  // the asterisk stays outside the label: the field's name is the label alone (aria-required says the rest)
  const etiqueta = (
    <span className="af-etiqueta">
      <label htmlFor={id}>{campo.etiqueta}</label>
      {campo.requerido && <span aria-hidden="true"> *</span>}
    </span>
  );

  let control;
  switch (campo.tipo) {
    case 'textarea':
      control = <textarea {...comunes} rows={3} value={texto} onChange={(e) => onCambio(e.target.value)} />;
      break;
    case 'select':
      control = (
        <select {...comunes} value={texto} onChange={(e) => onCambio(e.target.value)}>
          <option value="">Seleccione...</option>
          {opcionesDe(campo).map((o) => (
            <option key={o.valor} value={o.valor}>
              {etiquetaOpcion(o.valor, o.etiqueta)}
            </option>
          ))}
        </select>
      );
      break;
    case 'checkbox':
      return (
        <div className="af-campo af-check">
          <input type="checkbox" {...comunes} checked={valor === true} onChange={(e) => onCambio(e.target.checked)} />
          {etiqueta}
          {campo.ayuda && <small id={ayudaId}>{campo.ayuda}</small>}
          {error && <span id={errorId} className="af-error">{error}</span>}
        </div>
      );
    case 'fecha':
      control = (
        <input
          {...comunes}
          type="text"
          inputMode="numeric"
          placeholder="dd-mm-aaaa"
          maxLength={LONGITUD_FECHA}
          value={texto}
          onChange={(e) => onCambio(mascaraFecha(e.target.value))}
        />
      );
      break;
    case 'nif':
      control = (
        <div className="af-nif">
          <input
            {...comunes}
            type="text"
            autoComplete="off"
            value={texto}
            onChange={(e) => onCambio(e.target.value.toUpperCase())}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onBuscarNif?.();
              }
            }}
          />
          {onBuscarNif && (
            <button type="button" className="af-boton af-secundario" onClick={onBuscarNif} aria-label={`Buscar persona por ${campo.etiqueta}`}>
              Buscar
            </button>
          )}
        </div>
      );
      break;
    default:
      control = (
        <input
          {...comunes}
          type={TIPO_INPUT[campo.tipo] ?? 'text'}
          inputMode={campo.tipo === 'numero' ? 'decimal' : undefined}
          value={texto}
          onChange={(e) => onCambio(e.target.value)}
        />
      );
  }

  return (
    <div className={`af-campo${campo.tipo === 'textarea' ? ' af-ancho' : ''}`}>
      {etiqueta}
      {control}
      {campo.ayuda && <small id={ayudaId}>{campo.ayuda}</small>}
      {avisoNif && (
        <span id={avisoId} role="status" className={avisoNif.tipo === 'error' ? 'af-error' : 'af-ok'}>
          {avisoNif.texto}
        </span>
      )}
      {error && <span id={errorId} className="af-error">{error}</span>}
    </div>
  );
}
