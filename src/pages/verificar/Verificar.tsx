import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { endpointUrl } from '../../../providers/config';
import { routes } from '../../../api/routes';
import { MENSAJES_VERIFICACION, normalizarCsv, csvAgrupado, type VerificacionDto } from '../../../domain/verificacion';
import '../../publico/publico.css';
import './verificar.css';
import { publicPages, pagePath } from '../../paths';

type Resultado = { estado: 'cargando' } | { estado: 'ok'; copia: VerificacionDto } | { estado: 'revocada'; copia: VerificacionDto } | { estado: 'error'; mensaje: string };

const ETIQUETA_TIPO = { SIMPLE: 'Copia simple electrónica', AUTORIZADA: 'Copia autorizada electrónica' } as const;
const fecha = (iso: string) => new Date(iso).toLocaleString('es-ES', { timeZone: 'Europe/Madrid', dateStyle: 'long', timeStyle: 'short' });

/**
 * /verificar and /verificar/{csv}: public, no sign-in (the QR of every electronic copy leads here).
 * Asks GET /verificacion/{csv} of the services API (outside Refine: this page is light, like the
 * landing) and shows whether the copy is genuine, its notaría, date, kind and SHA-256; the file is
 * offered only for an authorised copy.
 */
export default function Verificar() {
  const { csv: enRuta } = useParams();
  const navigate = useNavigate();
  const [entrada, setEntrada] = useState(enRuta ?? '');
  const [aviso, setAviso] = useState<string | null>(null);
  const [resultado, setResultado] = useState<Resultado | null>(null);

  useEffect(() => {
    if (!enRuta) return setResultado(null);
    const csv = normalizarCsv(enRuta);
    if (!csv) return setResultado({ estado: 'error', mensaje: MENSAJES_VERIFICACION.forma });
    let vigente = true;
    setResultado({ estado: 'cargando' });
    fetch(endpointUrl(routes.copiasElectronicas.verify, { csv: csvAgrupado(csv) }))
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as VerificacionDto & { message?: string };
        if (!vigente) return;
        if (res.status === 200) setResultado({ estado: 'ok', copia: body });
        else if (res.status === 410) setResultado({ estado: 'revocada', copia: body });
        else setResultado({ estado: 'error', mensaje: body.message ?? 'No se pudo comprobar el código. Inténtelo de nuevo.' });
      })
      .catch(() => vigente && setResultado({ estado: 'error', mensaje: 'No se pudo comprobar el código. Compruebe su conexión.' }));
    return () => {
      vigente = false;
    };
  }, [enRuta]);

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const csv = normalizarCsv(entrada);
    if (!csv) return setAviso(MENSAJES_VERIFICACION.forma);
    setAviso(null);
    navigate(pagePath(publicPages.verificarCsv, csvAgrupado(csv)));
  };

  return (
    <div className="landing">
      <header className="landing-top">
        <Link to="/" className="landing-brand">
          Notaría
        </Link>
        <Link to={publicPages.login} className="landing-top-link">
          Acceder
        </Link>
      </header>
      <main className="verificar">
        <h1>Verificar una copia electrónica</h1>
        <p>Escriba el código seguro de verificación (CSV) que figura en cada página de la copia, o lea su código QR.</p>
        <form onSubmit={enviar} className="verificar-form" noValidate>
          <label htmlFor="csv">Código seguro de verificación</label>
          <div>
            <input id="csv" value={entrada} onChange={(e) => setEntrada(e.target.value)} placeholder="XXXX-XXXX-XXXX-XXXX-XXXX" autoComplete="off" spellCheck={false} aria-describedby={aviso ? 'csv-aviso' : undefined} />
            <button type="submit">Verificar</button>
          </div>
          {aviso && (
            <p id="csv-aviso" role="alert" className="verificar-error">
              {aviso}
            </p>
          )}
        </form>
        {resultado?.estado === 'cargando' && <p role="status">Comprobando...</p>}
        {resultado?.estado === 'error' && (
          <p role="alert" className="verificar-error">
            {resultado.mensaje}
          </p>
        )}
        {(resultado?.estado === 'ok' || resultado?.estado === 'revocada') && <Ficha copia={resultado.copia} revocada={resultado.estado === 'revocada'} />}
      </main>
    </div>
  );
}

function Ficha({ copia, revocada }: { copia: VerificacionDto; revocada: boolean }) {
  return (
    <section className={`verificar-ficha ${revocada ? 'revocada' : 'valida'}`} aria-label="Resultado de la verificación">
      <h2>{revocada ? 'Revocada' : 'Copia auténtica'}</h2>
      {revocada && <p>La notaría revocó esta copia el {fecha(copia.revocadaEn!)}{copia.motivoRevocacion ? `: ${copia.motivoRevocacion}` : ''}. Ya no tiene validez.</p>}
      {copia.prueba && <p className="verificar-error">Emitida con un certificado de PRUEBA: sin validez.</p>}
      <dl>
        <dt>Código</dt>
        <dd>{copia.csv}</dd>
        <dt>Notaría</dt>
        <dd>{copia.notaria}</dd>
        <dt>Tipo de copia</dt>
        <dd>{ETIQUETA_TIPO[copia.tipo]}</dd>
        <dt>Fecha de emisión</dt>
        <dd>{fecha(copia.emitidaEn)}</dd>
        <dt>Huella SHA-256 del documento</dt>
        <dd className="verificar-hash">{copia.sha256}</dd>
      </dl>
      {!revocada &&
        (copia.descargable ? (
          <a className="landing-cta" href={endpointUrl(routes.copiasElectronicas.file, { csv: copia.csv })} download>
            Descargar la copia autorizada
          </a>
        ) : (
          <p>El archivo de una copia simple no se ofrece aquí: compare su huella SHA-256 con la del documento que tiene.</p>
        ))}
    </section>
  );
}
