import type { ReactNode } from 'react';
import { usePermissions } from '@refinedev/core';
import { Navigate } from 'react-router';
import { roleCan, type AppRole } from '../../providers/access-control-provider';
import Loading from './Loading';

/** An adminOnly route: others are sent to /citas (spec part 2, Administration). */
export default function RequireAdmin({ children }: { children: ReactNode }) {
  const { data: role, isLoading } = usePermissions<AppRole>({});
  if (isLoading) return <Loading />;
  if (!roleCan(role ?? 'assistant', 'admin', 'list')) return <Navigate to="/citas" replace />;
  return <>{children}</>;
}
