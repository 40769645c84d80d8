import { Link, useLocation } from 'react-router';
import { activeEntry, NAV_ENTRIES } from './navigation';
import { NoLeidosNav } from '../pages/expedientes/NoLeidos';

/** The navigation entries as plain links; the current one is highlighted and marked aria-current. */
export default function NavLinks({
  isAdmin,
  isStaff = false,
  vertical,
  onNavigate,
}: {
  isAdmin: boolean;
  isStaff?: boolean;
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const entries = NAV_ENTRIES.filter((e) => (!e.adminOnly || isAdmin) && (!e.staffOnly || isStaff));
  const current = activeEntry(pathname, entries);
  return (
    <ul className={vertical ? 'shell-links shell-links-vertical' : 'shell-links'}>
      {entries.map((e) => (
        <li key={e.to}>
          <Link to={e.to} aria-current={e === current ? 'page' : undefined} onClick={onNavigate}>
            {e.label}
            <NoLeidosNav entrada={e.to} isStaff={isStaff} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
