import type { Viewer } from '../../domain/resource.js';
import type { SessionUser } from './middleware.js';

/** The caller as the access rules see them: staff are the signed-in people whose token names notarías. */
export const viewerOf = (user: SessionUser): Viewer => ({
  role: user.appRole === 'admin' ? 'admin' : user.notarias.length ? 'staff' : 'client',
  notarias: user.notarias,
  id: user.id,
});
