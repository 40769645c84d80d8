import EnConstruccion from '../EnConstruccion';

export default function Landing() {
  return <EnConstruccion title="Portal Notarial" />;
}
