import { Link, useParams } from 'react-router';
import { Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { adminRoute, catalogueConfig } from '../../../resources';
import ResourceList from '../../crud/ResourceList';
import NotFound from '../../shell/NotFound';
import { pathOf } from '../../paths';

/**
 * /admin/recursos/:resource: the generated page of a resource that has no tab in
 * /admin/notarias and declares `route: '/admin/recursos/<name>'` (see docs/adding-a-resource.md).
 * Guarded by the 'admin' page's access rule (resources/pages.ts).
 */
export default function RecursoAdmin() {
  const config = catalogueConfig(useParams().resource);
  // Only a catalogue that declares this very route is served here.
  if (!config?.route || config.route !== adminRoute(config.name)) return <NotFound />;
  return (
    <div>
      <Link to={pathOf('admin')}>
        <ArrowLeftOutlined /> Volver a la administración
      </Link>
      <Typography.Title level={2}>{config.labels.plural}</Typography.Title>
      <ResourceList config={config} />
    </div>
  );
}
