import EnConstruccion from '../EnConstruccion';

export default function LoginPage() {
  return <EnConstruccion title="Acceso al Portal Notarial" />;
}
