import EnConstruccion from '../EnConstruccion';

export default function Categoria() {
  return <EnConstruccion title="Categoría" />;
}
