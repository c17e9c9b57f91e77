import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { storeCurrentSalonId, useCurrentSalon } from '../../lib/current-salon';
import { flattenNavigation, LEAVE_SALON_PARAM, type NavigationItem, navigationFor } from '../navigation';

/**
 * The navigation the signed-in user may see (for a superadmin, with the chosen salon's reports when
 * one is chosen), its pages flattened, and the translated title of an entry.
 */
export function useNavigation() {
  const { roles } = useAuth();
  const { salonId } = useCurrentSalon();
  const salonChosen = salonId !== null;
  const { t } = useTranslation('navigation');
  return useMemo(() => {
    const tree = navigationFor(roles, { salonChosen });
    const pages = flattenNavigation(tree);
    const title = (item: NavigationItem) => t(item.id, { defaultValue: item.title ?? item.id });
    /** A page's title with its collapse's, e.g. 'Sales Data › By day': what search and shortcuts show. */
    const fullTitle = (item: NavigationItem) => (item.parentId ? `${t(item.parentId)} › ${title(item)}` : title(item));
    return { tree, pages, title, fullTitle };
  }, [roles, salonChosen, t]);
}

/**
 * The chain entry's effect, wherever it was opened from (menu, search, shortcut): on
 * /salon-listing?chain=… the superadmin's chosen salon is forgotten and the URL left plain.
 */
export function useLeaveSalonLink() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { isSuperadmin } = useAuth();
  useEffect(() => {
    if (pathname !== '/salon-listing' || !new URLSearchParams(search).has(LEAVE_SALON_PARAM)) return;
    if (isSuperadmin) storeCurrentSalonId(null);
    navigate('/salon-listing', { replace: true });
  }, [pathname, search, isSuperadmin, navigate]);
}
