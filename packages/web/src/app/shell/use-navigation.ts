import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { filterNavigation, flattenNavigation, type NavigationItem, navigation } from '../navigation';

/** The navigation the signed-in user may see, its pages flattened, and the translated title of an entry. */
export function useNavigation() {
  const { roles } = useAuth();
  const { t } = useTranslation('navigation');
  return useMemo(() => {
    const tree = filterNavigation(navigation, roles);
    const pages = flattenNavigation(tree);
    const title = (item: NavigationItem) => t(item.id, { defaultValue: item.title ?? item.id });
    /** A page's title with its collapse's, e.g. 'Sales Data › By day': what search and shortcuts show. */
    const fullTitle = (item: NavigationItem) => (item.parentId ? `${t(item.parentId)} › ${title(item)}` : title(item));
    return { tree, pages, title, fullTitle };
  }, [roles, t]);
}
