import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CAPA_BASICA } from '../../../domain/privacidad';
import { notariasResponsables, type NotariaResponsable } from '../../../providers/privacidad-publica';
import { ALMACENAMIENTO_NAVEGADOR } from './almacenamiento';
import '../../publico/publico.css';
import './privacidad.css';
import { publicPages } from '../../paths';

/** The public privacy page (/privacidad): the full layer of information (RGPD arts. 13-14, LOPDGDD art. 11). */
export default function Privacidad() {
  const [notarias, setNotarias] = useState<NotariaResponsable[] | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    notariasResponsables().then(setNotarias, () => setError(true));
  }, []);
  return (
    <div className="landing privacidad">
      <header className="landing-top">
        <Link to="/" className="landing-brand">
          Notaría
        </Link>
        <Link to={publicPages.login} className="landing-top-link">
          Acceder
        </Link>
      </header>
      <main className="privacidad-texto">
        <h1>Política de privacidad</h1>
        <h2>Responsable del tratamiento</h2>
        <p>
          Es responsable de sus datos la notaría con la que usted trabaja a través de este portal. Estos son sus datos de contacto y los de su
          delegado de protección de datos:
        </p>
        {error && <p role="alert">No se pudieron cargar las notarías.</p>}
        {notarias === null && !error && <p>Cargando...</p>}
        <ul className="privacidad-notarias">
          {(notarias ?? []).map((n) => (
            <li key={n.externalidnotaria}>
              <strong>{n.nombre}</strong>
              <div>Responsable: {n.responsable_tratamiento ?? n.nombre}</div>
              <div>Dirección: {n.direccion}</div>
              {n.email && <div>Email: {n.email}</div>}
              {n.telefono && <div>Teléfono: {n.telefono}</div>}
              <div>
                Delegado de protección de datos: {n.dpd_nombre ?? 'no designado'}
                {n.dpd_email && <> ({n.dpd_email})</>}
              </div>
            </li>
          ))}
        </ul>
        <h2>Finalidad</h2>
        <p>{CAPA_BASICA.finalidad}</p>
        <h2>Legitimación</h2>
        <p>{CAPA_BASICA.legitimacion}</p>
        <h2>Destinatarios</h2>
        <p>{CAPA_BASICA.destinatarios}</p>
        <h2>Conservación</h2>
        <p>
          Los datos se conservan mientras dure la relación con la notaría y, después, bloqueados durante los plazos que fija la ley (artículo 32 de
          la LOPDGDD). El protocolo notarial (escrituras y los expedientes en los que se otorgan) se conserva bloqueado, sin destruirse, como exige
          la legislación notarial. Las imágenes de documentos de identidad se borran automáticamente una vez verificada la identidad o terminado el
          expediente.
        </p>
        <h2>Sus derechos</h2>
        <p>
          {CAPA_BASICA.derechos} La notaría responde en el plazo de un mes. Si no está conforme con la respuesta, puede reclamar ante la Agencia
          Española de Protección de Datos (www.aepd.es).
        </p>
        <h2>Qué guarda su navegador</h2>
        <p>Este portal no usa cookies ni herramientas de seguimiento o publicidad. Solo guarda en su navegador lo imprescindible para su sesión:</p>
        <table className="privacidad-almacen">
          <thead>
            <tr>
              <th scope="col">Clave</th>
              <th scope="col">Dónde</th>
              <th scope="col">Para qué</th>
            </tr>
          </thead>
          <tbody>
            {ALMACENAMIENTO_NAVEGADOR.map((a) => (
              <tr key={a.clave}>
                <td>
                  <code>{a.clave}</code>
                </td>
                <td>{a.donde}</td>
                <td>{a.para}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </main>
    </div>
  );
}
