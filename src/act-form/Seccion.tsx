import { campoVisible, esSeccionLista, type SeccionDef, type FilaFormulario } from '../../domain/act-form';
import Campo from './Campo';
import { singular } from './etiquetas';
import type { AvisoNif } from './FormularioActo';

interface Props {
  seccion: SeccionDef;
  filas: FilaFormulario[];
  errores: Record<string, string>;
  avisosNif: Record<string, AvisoNif>;
  onCambio: (seccion: string, fila: number, cambios: Partial<FilaFormulario>) => void;
  onBuscarNif: (seccion: string, fila: number, nif: string) => void;
  /** Only list sections (otorgantes, apoderados) add and remove rows. */
  onAnadir?: () => void;
  onQuitar: (fila: number) => void;
  /** A sent act: its fields shown, no button that would change them (search, add, remove). */
  soloLectura?: boolean;
}

/** One 'bloque' of the definition: its fields once, or once per row for a list section. */
export default function Seccion({ seccion, filas, errores, avisosNif, onCambio, onBuscarNif, onAnadir, onQuitar, soloLectura = false }: Props) {
  const lista = esSeccionLista(seccion);
  const fila1 = singular(seccion.nombre);
  return (
    <section className="af-seccion" aria-labelledby={`sec-${seccion.nombre_logico}`}>
      <h2 id={`sec-${seccion.nombre_logico}`}>{seccion.nombre}</h2>
      {seccion.descripcion && <p className="af-ayuda">{seccion.descripcion}</p>}
      {filas.map((fila, i) => (
        <fieldset key={i} className="af-fila">
          {lista && <legend>{`${fila1} ${i + 1}`}</legend>}
          <div className="af-campos">
            {seccion.campos
              .filter((c) => campoVisible(c, fila))
              .map((c) => {
                const id = `${seccion.nombre_logico}-${i}-${c.nombre}`;
                const claveNif = `${seccion.nombre_logico}.${i}`;
                return (
                  <Campo
                    key={c.nombre}
                    id={id}
                    campo={c}
                    valor={fila[c.nombre]}
                    error={errores[`${seccion.nombre_logico}.${i}.${c.nombre}`]}
                    avisoNif={c.tipo === 'nif' ? avisosNif[claveNif] : undefined}
                    onCambio={(v) => onCambio(seccion.nombre_logico, i, { [c.nombre]: v })}
                    onBuscarNif={soloLectura ? undefined : () => onBuscarNif(seccion.nombre_logico, i, String(fila[c.nombre] ?? ''))}
                  />
                );
              })}
          </div>
          {lista && filas.length > 1 && !soloLectura && (
            <button type="button" className="af-boton af-secundario" onClick={() => onQuitar(i)}>
              {`Quitar ${fila1.toLowerCase()} ${i + 1}`}
            </button>
          )}
        </fieldset>
      ))}
      {onAnadir && !soloLectura && (
        <button type="button" className="af-boton af-secundario" onClick={onAnadir}>
          {`Añadir ${fila1.toLowerCase()}`}
        </button>
      )}
    </section>
  );
}
