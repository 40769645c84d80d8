import type { ReactNode } from 'react';
import { useCan } from '@refinedev/core';
import { Navigate } from 'react-router';
import Loading from './Loading';

/**
 * A guarded route: the declaration `resource` (resources/pages.ts or a resource) decides through
 * the accessControlProvider who may open it (its `list` rule); others are sent to /citas, as
 * non-admins are from the administration page.
 */
export default function RequireAdmin({ resource = 'admin', children }: { resource?: string; children: ReactNode }) {
  const { data, isLoading } = useCan({ resource, action: 'list' });
  if (isLoading) return <Loading />;
  if (!data?.can) return <Navigate to="/citas" replace />;
  return <>{children}</>;
}
