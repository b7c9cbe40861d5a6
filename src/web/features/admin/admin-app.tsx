import { adminPathTarget } from '../../../common/schemas/admin';
import { splitLanguage, withLanguage } from '../../../common/languages';
import { Navigate, useLocation } from '../../routing';
import { AdminGate } from './gate/admin-gate';
import { NotAuthorized } from './gate/not-authorized';
import { AdminLayout } from './layout/admin-layout';
import { SectionView } from './layout/section-view';
import { sectionOf } from './sections';

/**
 * The admin area, one screen for every /admin address: the not-authorised page, or the gate
 * and, once it lets the admin in, the layout around the section the path names. An address
 * naming no section leads to the dashboard.
 */
export default function AdminApp() {
  const { pathname } = useLocation();
  const { lang, path } = splitLanguage(pathname);
  const target = adminPathTarget(path);
  if (target === 'notAuthorized') return <NotAuthorized />;
  const section = target && sectionOf(target.section);
  if (!target || !section) return <Navigate to={withLanguage('/admin', lang)} replace />;
  return (
    <AdminGate>
      <AdminLayout current={section}>
        <SectionView key={section.id} section={section} id={target.id} />
      </AdminLayout>
    </AdminGate>
  );
}
