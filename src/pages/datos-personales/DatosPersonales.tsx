import EnConstruccion from '../EnConstruccion';

export default function DatosPersonales() {
  return <EnConstruccion title="Datos Personales" />;
}
