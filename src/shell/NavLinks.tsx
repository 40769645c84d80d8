import { useMenu } from '@refinedev/core';
import { Link, useLocation } from 'react-router';
import { canAccess, type Viewer } from '../../domain/access';
import { activeEntry, navEntries, routeOf, type MenuItemLike, type NavEntry } from './navigation';
import { NoLeidosNav } from '../expediente/NoLeidos';
import { accessRules } from '../../resources/refine';

/**
 * The navigation entries as plain links, from Refine's resources (useMenu); the current one is
 * highlighted and marked aria-current. A group (meta.parent) is a labelled nested list.
 */
export default function NavLinks({ viewer, vertical, onNavigate }: { viewer: Viewer | null | undefined; vertical?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { menuItems } = useMenu();
  const entries = navEntries(menuItems as MenuItemLike[], viewer);
  const current = activeEntry(pathname, entries);
  // the unread messages show beside 'Despacho' for whom it lists cases (staff), else beside 'Expedientes'
  const entradaNoLeidos = routeOf(canAccess(accessRules, 'despacho-expedientes', 'list', viewer) ? 'despacho-expedientes' : 'expedientes');
  const render = (list: NavEntry[], className: string) => (
    <ul className={className}>
      {list.map((e) => (
        <li key={e.name}>
          {e.children ? (
            <>
              <span className="shell-links-group">{e.label}</span>
              {render(e.children, 'shell-links-nested')}
            </>
          ) : (
            <Link to={e.to} aria-current={e === current ? 'page' : undefined} onClick={onNavigate}>
              {e.label}
              {e.to === entradaNoLeidos && <NoLeidosNav />}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
  return render(entries, vertical ? 'shell-links shell-links-vertical' : 'shell-links');
}
