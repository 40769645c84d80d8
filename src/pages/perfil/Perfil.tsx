import EnConstruccion from '../EnConstruccion';

export default function Perfil() {
  return <EnConstruccion title="Perfil" />;
}
