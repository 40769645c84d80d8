import { useParams } from 'react-router';
import { Typography } from 'antd';
import { resourceConfig } from '../../../resources';
import ResourceList from '../../crud/ResourceList';
import NotFound from '../../shell/NotFound';

/**
 * /admin/recursos/:resource: the generated page of a resource that has no tab in
 * /admin/notarias (see docs/adding-a-resource.md). Admins only (route adminOnly).
 */
export default function RecursoAdmin() {
  const config = resourceConfig(useParams().resource);
  if (!config?.route) return <NotFound />;
  return (
    <div>
      <Typography.Title level={2}>{config.labels.plural}</Typography.Title>
      <ResourceList config={config} />
    </div>
  );
}
