import { Link, useParams } from 'react-router';
import { Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { adminNav } from '../../../resources/admin';
import ListaDeclarada from '../../crud/ListaDeclarada';
import NotFound from '../../shell/NotFound';
import { pathOf } from '../../paths';

/**
 * /admin/recursos/:resource: the generated page of a resource that has no tab in
 * /admin/notarias and declares `route: '/admin/recursos/<name>'` (see docs/adding-a-resource.md).
 * Guarded by the 'admin' page's access rule (resources/pages.ts).
 */
export default function RecursoAdmin() {
  const { resource } = useParams();
  // Only a catalogue that declares this very route is served here.
  const page = adminNav.pages.find((p) => p.name === resource);
  if (!page) return <NotFound />;
  return (
    <div>
      <Link to={pathOf('admin')}>
        <ArrowLeftOutlined /> Volver a la administración
      </Link>
      <Typography.Title level={2}>{page.label}</Typography.Title>
      <ListaDeclarada name={page.name} />
    </div>
  );
}
