import type { ReactNode } from 'react';
import { useCan } from '@refinedev/core';
import { Navigate } from 'react-router';
import Loading from './Loading';
import { pageRoutes } from '../../resources/page-routes';

/**
 * A guarded route (a route's `guard`, src/routes.tsx): the declaration `resource`
 * (resources/pages.ts or a resource) decides through the accessControlProvider who may open it
 * (its `list` rule); the others are sent to /citas. What the server would refuse is hidden here,
 * never decided: every call of the page is checked again by the server.
 */
export default function GuardedRoute({ resource, children }: { resource: string; children: ReactNode }) {
  const { data, isLoading } = useCan({ resource, action: 'list' });
  if (isLoading) return <Loading />;
  if (!data?.can) return <Navigate to={pageRoutes.citas.path} replace />;
  return <>{children}</>;
}
