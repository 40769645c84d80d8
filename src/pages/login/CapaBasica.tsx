import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CAPA_BASICA } from '../../../domain/privacidad';
import { notariasResponsables, type NotariaResponsable } from '../../../providers/privacidad-publica';
import { publicPages } from '../../paths';

/**
 * The basic layer of information on data protection (LOPDGDD art. 11), shown in the registration
 * step before the e-mail is sent; the full text is the public page /privacidad.
 */
export default function CapaBasica({ notaria }: { notaria?: string }) {
  const [responsable, setResponsable] = useState<NotariaResponsable | null>(null);
  useEffect(() => {
    let live = true;
    notariasResponsables()
      .then((todas) => live && setResponsable(todas.find((n) => n.externalidnotaria === notaria) ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [notaria]);
  const quien = responsable ? (responsable.responsable_tratamiento ?? responsable.nombre) : 'La notaría que ha elegido';
  return (
    // a box of its own height, scrolled (and reachable by keyboard): the sign-in card keeps fitting the screen
    <section className="login-capa-basica" aria-labelledby="capa-basica-titulo" tabIndex={0}>
      <h2 id="capa-basica-titulo">{CAPA_BASICA.titulo}</h2>
      <dl>
        <dt>Responsable</dt>
        <dd>{quien}</dd>
        <dt>Finalidad</dt>
        <dd>{CAPA_BASICA.finalidad}</dd>
        <dt>Legitimación</dt>
        <dd>{CAPA_BASICA.legitimacion}</dd>
        <dt>Destinatarios</dt>
        <dd>{CAPA_BASICA.destinatarios}</dd>
        <dt>Derechos</dt>
        <dd>{CAPA_BASICA.derechos}</dd>
        <dt>Información adicional</dt>
        <dd>
          {CAPA_BASICA.masInformacion}{' '}
          <Link to={publicPages.privacidad} target="_blank">
            Política de privacidad
          </Link>
        </dd>
      </dl>
    </section>
  );
}
