import EnConstruccion from '../EnConstruccion';

export default function Dashboard() {
  return <EnConstruccion title="Inicio" />;
}
