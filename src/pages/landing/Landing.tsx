import { Link } from 'react-router';
import { CalendarOutlined, FileTextOutlined, IdcardOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import '../../publico/publico.css';
import './landing.css';
import { publicPages } from '../../paths';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <IdcardOutlined />,
    title: 'Datos personales',
    text: 'Mantenga al día su ficha, la de las personas y empresas que gestiona y la de sus representantes.',
  },
  {
    icon: <FileTextOutlined />,
    title: 'Expedientes',
    text: 'Abra expedientes, solicite actos notariales y complete la información que la notaría necesita.',
  },
  {
    icon: <CalendarOutlined />,
    title: 'Citas',
    text: 'Pida cita presencial u online con el notario y consulte o cancele sus citas.',
  },
  {
    icon: <SafetyCertificateOutlined />,
    title: 'Servicios notariales',
    text: 'Consulte los servicios de la notaría y la documentación que necesita para cada uno.',
  },
];

/** The public landing page (/): what the portal is for and how to sign in. */
export default function Landing() {
  return (
    <div className="landing">
      <header className="landing-top">
        <span className="landing-brand">Notaría</span>
        <nav className="landing-top-nav">
          <Link to={publicPages.verificar} className="landing-top-link">
            Verificar una copia
          </Link>
          <Link to={publicPages.login} className="landing-top-link">
            Acceder
          </Link>
        </nav>
      </header>
      <main>
        <section className="landing-hero">
          <h1>Portal de clientes de la notaría</h1>
          <p>
            Gestione sus trámites notariales desde cualquier dispositivo: sus datos y los de sus representados, sus
            expedientes y actos, y sus citas con la notaría.
          </p>
          <Link to={publicPages.login} className="landing-cta">
            Acceder al portal
          </Link>
        </section>
        <section className="landing-features" aria-labelledby="landing-features-title">
          <h2 id="landing-features-title">Qué puede hacer en el portal</h2>
          <ul>
            {FEATURES.map((f) => (
              <li key={f.title}>
                <span className="landing-icon" aria-hidden>
                  {f.icon}
                </span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="landing-how" aria-labelledby="landing-how-title">
          <h2 id="landing-how-title">Cómo acceder</h2>
          <ol>
            <li>Indique su documento (NIF, NIE o pasaporte) y elija su notaría.</li>
            <li>Recibirá en su email un código de acceso de un solo uso.</li>
            <li>Introduzca el código y acceda. Si es su primera vez, regístrese antes con su email.</li>
          </ol>
        </section>
      </main>
      <footer className="landing-footer">Sistema de Gestión Notarial</footer>
    </div>
  );
}
