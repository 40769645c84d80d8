import Boton from './Boton';
import { ACCESO_CERTIFICADO_URL, salirAlCertificado } from './certificado';

/** 'Acceder con certificado digital': a plain link, the browser asks for the certificate on the way. */
export default function CertificadoAcceso(props: { notaria: string | undefined; to: string | null }) {
  return (
    <div className="login-certificado">
      <p className="login-separador">o bien</p>
      <Boton
        block
        size="large"
        href={ACCESO_CERTIFICADO_URL}
        onClick={(e) => {
          e.preventDefault();
          window.location.assign(salirAlCertificado(props.notaria, props.to));
        }}
      >
        Acceder con certificado digital
      </Boton>
      <p className="login-extra">Certificado de la FNMT, DNI electrónico u otro certificado cualificado de persona física.</p>
    </div>
  );
}
